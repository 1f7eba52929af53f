/**
 * Picture URLs. Stored media is /media/{id} (the original); pages show it through the image
 * endpoint /img/{id}?w=400|800, which resizes (never above 800 px) and picks WebP or AVIF by the
 * browser's Accept header (shell §9: 400 or 800 by device pixel ratio).
 */
export const IMAGE_WIDTHS = [400, 800] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

const MEDIA_PATH = /^\/media\/(\d{1,15})$/;

export function mediaId(url: string | null | undefined): number | null {
  const match = url ? MEDIA_PATH.exec(url) : null;
  return match ? Number(match[1]) : null;
}

/** The resized picture's URL, or the URL itself when it is not stored media. */
export function imageUrl(url: string, width: ImageWidth): string {
  const id = mediaId(url);
  return id === null ? url : `/img/${id}?w=${width}`;
}

/** srcset for a picture shown `cssWidth` CSS pixels wide: 400 at 1x, 800 at 2x and above. */
export function imageSrcSet(url: string): string | undefined {
  if (mediaId(url) === null) return undefined;
  return IMAGE_WIDTHS.map((w) => `${imageUrl(url, w)} ${w}w`).join(', ');
}
