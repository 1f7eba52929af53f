/**
 * An endpoint as the browser calls it: the contract's method and path, typed by the contract
 * (contract.ts) but without its schemas, so no page ships zod. Each area's `…endpoints.ts` is
 * generated from its contracts by `npm run endpoints` (scripts/endpoints.ts); `call` takes these.
 */
import type { AnyContract, Method } from './contract.ts';
import { Messages } from './errors.ts';

export interface Endpoint<C extends AnyContract> {
  readonly method: Method;
  /** The §7 path; path parameters in braces: `/api/shop/decoration/saveSelectedSkin/{skinId}`. */
  readonly path: string;
  /** The envelope's message on success, for the page to say. */
  readonly message: string;
  /** Type only: the contract whose input and data the call has. */
  readonly contract?: C;
}

/** Pure, so a bundle drops every endpoint a page does not call. */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<C extends AnyContract>(
  method: Method,
  path: string,
  message: string = Messages.OK,
): Endpoint<C> {
  return { method, path, message };
}

/** The endpoint's path with its parameters filled in, each encoded. */
export function pathFor(target: { path: string }, params: Record<string, unknown> = {}): string {
  return target.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params[name])),
  );
}
