import type { APIContext } from 'astro';
import { clientKey } from '#lib/platform/client-address.server.ts';
import { requestClientAddress } from '#lib/platform/http.server.ts';
import {
  STREAMS_PER_CLIENT,
  STREAMS_PER_SESSION,
  type StreamHolder,
} from '#lib/platform/sse.server.ts';
import { SESSION_COOKIE, hashToken } from './sessions.server.ts';

/**
 * Who holds an event stream, for its caps (decision 036): the client's address as the SMS limits
 * count it (an IPv6 address by its /64) and, when the request carries one, its session cookie
 * (hashed: the token is not kept).
 */
export function streamHolders(context: APIContext): StreamHolder[] {
  const holders: StreamHolder[] = [
    {
      key: `client:${clientKey(requestClientAddress(context))}`,
      limit: STREAMS_PER_CLIENT,
    },
  ];
  const token = context.cookies.get(SESSION_COOKIE)?.value;
  if (token) {
    holders.push({ key: `session:${hashToken(token)}`, limit: STREAMS_PER_SESSION });
  }
  return holders;
}
