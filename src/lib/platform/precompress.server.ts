/**
 * The build's compressed copies of the files the browser loads (decision 045): brotli at its
 * highest level (11) and gzip at 9, written next to each text file of dist/client as `.br` and
 * `.gz`, for the server to send as they are (static-files.server.ts) instead of compressing every
 * request at a level fast enough to do so. A copy no smaller than the file is not written.
 *
 * Run by the `precompress` integration of astro.config.mjs when a build is done.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

export const COMPRESSED_SUFFIX = { br: '.br', gzip: '.gz' } as const;

const TEXT = /\.(?:m?js|css|html|json|map|svg|txt|xml|webmanifest|wasm)$/i;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 256;

export function compressible(file: string): boolean {
  return TEXT.test(file);
}

const brotliOptions = (size: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});
const GZIP_OPTIONS = { level: constants.Z_BEST_COMPRESSION };

/**
 * Both copies of one file the build did not compress (a build made without the integration),
 * made once as the server starts: at levels quick enough not to hold the start up.
 */
export function compressFile(plain: Buffer): { br?: Buffer; gzip?: Buffer } {
  if (plain.byteLength < MIN_BYTES) return {};
  return {
    br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(plain),
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes the compressed copies of every text file under `dir`; answers how many files. */
export async function precompressDirectory(dir: string): Promise<number> {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  const files = (await filesUnder(dir)).filter(compressible);
  let done = 0;
  // zlib works on libuv's thread pool: a few files at a time keep its threads busy.
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const plain = await readFile(file);
      if (plain.byteLength < MIN_BYTES) continue;
      const [brotli, gzipped] = await Promise.all([
        br(plain, brotliOptions(plain.byteLength)),
        gz(plain, GZIP_OPTIONS),
      ]);
      if (brotli.byteLength < plain.byteLength)
        await writeFile(file + COMPRESSED_SUFFIX.br, brotli);
      if (gzipped.byteLength < plain.byteLength) {
        await writeFile(file + COMPRESSED_SUFFIX.gzip, gzipped);
      }
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return done;
}
