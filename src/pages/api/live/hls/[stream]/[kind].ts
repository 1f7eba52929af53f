import { LiveContracts } from '#lib/live/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { streamSegmentsExist } from '#lib/live/index.server.ts';
import { livePlaylist, parseStream, vodPlaylist } from '#lib/live/index.ts';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';

/**
 * The demo stream's playlist: live, a window of segments sliding with the clock (the stream
 * loops, with a discontinuity each time), or the whole replay. Segments are /media/{id}.
 */
export const GET = endpoint(LiveContracts.playlist, async ({ params, context }) => {
  const stream = parseStream(params.stream);
  if (!stream || !(await streamSegmentsExist(context.locals.database.db, stream))) {
    throw appError(Errors.LIVE_STREAM_NOT_FOUND);
  }
  const live = params.kind === 'live.m3u8';
  return new Response(
    live
      ? livePlaylist(stream.first, stream.count, Date.now())
      : vodPlaylist(stream.first, stream.count),
    {
      headers: {
        'content-type': 'application/vnd.apple.mpegurl',
        'cache-control': live ? 'no-cache' : 'public, max-age=3600',
      },
    },
  );
});
