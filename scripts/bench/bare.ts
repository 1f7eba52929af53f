/**
 * The ceiling a page is measured against: a bare `node:http` server answering every request with
 * the same bytes, already compressed, and the same headers the shop sent for the page.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BareServer {
  url: string;
  close(): Promise<void>;
}

/** Fetches the page once (brotli) and serves those exact bytes and headers from a bare server. */
export async function bareCopyOf(
  pageUrl: URL,
  headers: Record<string, string>,
): Promise<BareServer> {
  const response = await fetch(pageUrl, { headers });
  if (!response.ok) throw new Error(`GET ${pageUrl} answered ${response.status}`);
  // fetch decodes the body: compress it again as the shop sent it, once.
  const { brotliCompressSync, constants } = await import('node:zlib');
  const body = brotliCompressSync(Buffer.from(await response.arrayBuffer()), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
  });
  const sent: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date'].includes(name))
      sent[name] = value;
  });
  sent['content-encoding'] = 'br';
  sent['content-length'] = String(body.length);
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, sent);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${pageUrl.pathname}${pageUrl.search}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
