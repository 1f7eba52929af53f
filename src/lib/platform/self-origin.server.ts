/**
 * Where this server process answers itself (http://127.0.0.1:port): the sandbox payment gateway
 * is reached through it, so the real adapter speaks HTTP to it like to any gateway. The server
 * script sets it once it listens; before that the configured port is assumed. Kept on globalThis:
 * the server script and the built pages are separate bundles with separate module copies.
 */
import { env } from './env.server.ts';

const KEY = Symbol.for('shop.selfOrigin');
type Holder = { [KEY]?: string };

export function setSelfOrigin(value: string): void {
  (globalThis as Holder)[KEY] = value.replace(/\/+$/, '');
}

export function selfOrigin(): string {
  return (globalThis as Holder)[KEY] ?? `http://127.0.0.1:${env().PORT}`;
}
