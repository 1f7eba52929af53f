/**
 * The media area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export { MAX_INPUT_PIXELS, SHARP_INPUT, parseImageWidth, renderImage } from './images.server.ts';
export { getPublicMedia } from './media.server.ts';
export { outlineSvgText, pictureInput, svgInput } from './svg-text.server.ts';
export { insertPicture, preparePicture, shrunkJpeg, storePicture } from './pictures.server.ts';
export type { PictureRules } from './pictures.server.ts';
export { privateFileType, readPrivateFile, storePrivateFile } from './files.server.ts';
