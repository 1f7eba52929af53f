/**
 * `endpoint(contract, handler)`: the one way an /api route is written. The contract parses the
 * input and authorises the caller; the handler calls one command or query; its answer becomes the
 * success envelope with the contract's message, its errors the error envelope.
 */
import type { APIContext, APIRoute } from 'astro';
import { ok } from '#lib/platform/envelope.ts';
import type { AnyContract, BodyOf, DataOf, ParamsOf, QueryOf } from '#lib/platform/contract.ts';
import {
  handle,
  json,
  notFound,
  parseBody,
  parseParams,
  parseQuery,
} from '#lib/platform/http.server.ts';
import { refuseCrossSite, requireRole, requireUser } from '#lib/membership/index.server.ts';
import type { SessionUser } from '#lib/identity/index.server.ts';

export interface EndpointInput<C extends AnyContract> {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  /** The caller: always there unless the contract lets anyone call. */
  user: C['access'] extends 'anyone' ? null : SessionUser;
  context: APIContext;
}

/** A handler answers the contract's data, or a Response of its own (the login redirects). */
export type Handler<C extends AnyContract> = (
  input: EndpointInput<C>,
) => Promise<DataOf<C> | Response> | DataOf<C> | Response;

export interface EndpointOptions {
  /**
   * Whether the endpoint exists in this deployment (e.g. the dev SMS outbox). When it does not,
   * every request is answered 404 before anything is parsed, so nothing tells it is there.
   */
  available?: () => boolean;
}

export function endpoint<C extends AnyContract>(
  contract: C,
  handler: Handler<C>,
  options: EndpointOptions = {},
): APIRoute {
  return handle(async (context) => {
    if (options.available && !options.available()) notFound();
    if (contract.refuseCrossSite) refuseCrossSite(context);
    // Logged out is said before anything about the input: the client acts on it (commerce §8).
    let user = contract.access === 'signed-in' ? await requireUser(context) : null;
    const params = parseParams(context.params, contract.params) as ParamsOf<C>;
    const query = parseQuery(context.url, contract.query) as QueryOf<C>;
    const body = (
      contract.body === undefined || contract.body === 'binary'
        ? undefined
        : await parseBody(context.request, contract.body)
    ) as BodyOf<C>;
    if (typeof contract.access === 'object') {
      // A role is held in a shop: the one the (required) shopBizCode names.
      const { shopBizCode } = query as { shopBizCode?: string };
      user = await requireRole(context, String(shopBizCode), contract.access.roles);
    }
    const data = await handler({
      params,
      query,
      body,
      user: user as EndpointInput<C>['user'],
      context,
    });
    if (data instanceof Response) return data;
    return json(ok(data, contract.message));
  });
}
