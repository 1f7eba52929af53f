/** Generated pictures go into the media table; rows link to them as /media/{id}. */
import type { Tx } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';

const encoder = new TextEncoder();

export interface Svg {
  svg: string;
  w: number;
  h: number;
}

export async function insertSvgs(tx: Tx, svgs: Svg[]): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < svgs.length; i += 100) {
    const rows = await tx
      .insert(t.media)
      .values(
        svgs.slice(i, i + 100).map((s) => ({
          contentType: 'image/svg+xml',
          bytes: encoder.encode(s.svg),
          width: s.w,
          height: s.h,
        })),
      )
      .returning({ id: t.media.id });
    urls.push(...rows.map((r) => `/media/${r.id}`));
  }
  return urls;
}

export async function insertSvg(tx: Tx, svg: string, w: number, h: number): Promise<string> {
  const [url] = await insertSvgs(tx, [{ svg, w, h }]);
  return url!;
}
