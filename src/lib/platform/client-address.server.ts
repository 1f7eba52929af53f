/**
 * Who a request comes from, for the per-client limits (SMS codes, live event streams): its
 * address as far as the trusted proxies tell, and the key a limit counts it under.
 */
import { isIPv6 } from 'node:net';

/**
 * The caller's address for the per-client limit. X-Forwarded-For is written by the client except
 * for what the proxies we trust append: behind TRUST_PROXY proxies the client is that many hops
 * from the right (each proxy appends the address it was reached from). Otherwise, or when the
 * header has fewer hops, the socket's address (which Astro may refuse to tell: then null).
 */
export function clientAddress(
  forwardedFor: string | null,
  socket: () => string,
  trustedProxies: number,
): string | null {
  const hop = trustedProxies > 0 ? forwardedFor?.split(',').at(-trustedProxies)?.trim() : undefined;
  if (hop && /^[0-9A-Fa-f:.]{2,45}$/.test(hop)) return hop;
  try {
    const address = socket();
    return address ? address.slice(0, 64) : null;
  } catch {
    return null;
  }
}

/** The client of a request whose address is unknown: all such requests are one client. */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * Who a limit counts against (decision 014): an IPv4 address as it is (also when written as an
 * IPv4-mapped IPv6 address), an IPv6 address by its /64 (one subscriber's network hands out many
 * addresses of one /64), and every request without an address as one client, `unknown`.
 */
export function clientKey(address: string | null): string {
  const plain = address?.trim().split('%')[0]?.toLowerCase();
  if (!plain) return UNKNOWN_CLIENT;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(plain);
  if (mapped) return mapped[1]!;
  if (!isIPv6(plain)) return plain;
  const [head = '', tail] = plain.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  // A trailing dotted IPv4 part stands for two groups.
  const width = (part: string[]) => part.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const zeros = tail === undefined ? [] : Array<string>(8 - width(left) - width(right)).fill('0');
  const all = [...left, ...zeros, ...right];
  const prefix = all.slice(0, 4).map((g) => parseInt(g, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
