/**
 * The built files the browser loads (dist/client: the bundles under /_astro/ and the copies of
 * public/), served by the server itself (decision 045): listed once at start, held in memory,
 * each with the brotli (level 11) and gzip copies the build wrote next to it
 * (precompress.server.ts), answered by exact path. Every other path — every page URL — goes to
 * the framework without a look at the disk, and a page of the route table is never a file.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pickEncoding, type Encoding } from './page-cache.server.ts';
import { COMPRESSED_SUFFIX, compressible, compressFile } from './precompress.server.ts';

/** The bundles' names change with their content: browsers keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Anything else (public/): asked again each time, answered 304 while its ETag holds. */
const REVALIDATE = 'public, max-age=0';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
};

interface StaticFile {
  etag: string;
  bodies: Partial<Record<Encoding, Buffer>>;
  headers: Partial<Record<Encoding, Record<string, string>>>;
}

export interface StaticFiles {
  /** How many files are served. */
  readonly size: number;
  /** Answers a GET or HEAD for a built file and says true; anything else is left untouched. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
}

function walk(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, found);
    else if (entry.isFile()) found.push(full);
  }
  return found;
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Lists the files under `dir` as URL paths. `isPage` names the paths of the route table: a file
 * there (public/ holding a page's name) is not served, the page is. Files without the copies the
 * build writes are compressed here, once.
 */
export function loadStaticFiles(dir: string, isPage: (pathname: string) => boolean): StaticFiles {
  const files = new Map<string, StaticFile>();
  let entries: string[] = [];
  try {
    if (statSync(dir).isDirectory()) entries = walk(dir);
  } catch {
    // No client build: nothing to serve.
  }
  const all = new Set(entries);
  for (const file of entries) {
    const suffix = Object.values(COMPRESSED_SUFFIX).find((s) => file.endsWith(s));
    if (suffix && all.has(file.slice(0, -suffix.length))) continue;
    const pathname = `/${path.relative(dir, file).split(path.sep).join('/')}`;
    if (isPage(pathname)) continue;
    const plain = readFileSync(file);
    const bodies: StaticFile['bodies'] = { identity: plain };
    if (compressible(file)) {
      const built = {
        br: readIfPresent(file + COMPRESSED_SUFFIX.br),
        gzip: readIfPresent(file + COMPRESSED_SUFFIX.gzip),
      };
      const made = built.br && built.gzip ? built : compressFile(plain);
      if (made.br && made.br.byteLength < plain.byteLength) bodies.br = made.br;
      if (made.gzip && made.gzip.byteLength < plain.byteLength) bodies.gzip = made.gzip;
    }
    const etag = `"${createHash('sha256').update(plain).digest('base64url').slice(0, 22)}"`;
    const compressed = bodies.br !== undefined || bodies.gzip !== undefined;
    const headers: StaticFile['headers'] = {};
    for (const [encoding, body] of Object.entries(bodies) as [Encoding, Buffer][]) {
      headers[encoding] = {
        'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        'cache-control': pathname.startsWith('/_astro/') ? IMMUTABLE : REVALIDATE,
        etag,
        ...(compressed ? { vary: 'Accept-Encoding' } : {}),
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
        'content-length': String(body.byteLength),
      };
    }
    files.set(pathname, { etag, bodies, headers });
  }

  return {
    size: files.size,
    serve(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const url = req.url ?? '';
      const query = url.indexOf('?');
      let pathname = query < 0 ? url : url.slice(0, query);
      try {
        pathname = decodeURIComponent(pathname);
      } catch {
        return false;
      }
      const file = files.get(pathname);
      if (!file) return false;
      const wanted = pickEncoding(req.headers['accept-encoding']);
      const encoding = file.bodies[wanted] ? wanted : 'identity';
      const headers = file.headers[encoding]!;
      const match = req.headers['if-none-match'];
      if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag)) {
        const { 'content-length': _length, ...rest } = headers;
        res.writeHead(304, rest);
        res.end();
        return true;
      }
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : file.bodies[encoding]);
      return true;
    },
  };
}
