/**
 * Where this server process answers itself (http://127.0.0.1:port): the sandbox payment gateway
 * is reached through it, so the real adapter speaks HTTP to it like to any gateway. The server
 * script sets it once it listens; before that the configured port is assumed.
 */
import { env } from './env.server.ts';

let origin: string | undefined;

export function setSelfOrigin(value: string): void {
  origin = value.replace(/\/+$/, '');
}

export function selfOrigin(): string {
  return origin ?? `http://127.0.0.1:${env().PORT}`;
}
