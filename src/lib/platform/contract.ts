/**
 * Endpoint contracts (commerce §7): one declaration per endpoint, read by the endpoint
 * (`endpoint(contract, handler)`, endpoint.server.ts) and the tests. The browser calls through
 * each area's generated `…endpoints.ts` (method and path, typed by these; endpoint.ts), so
 * pages ship no zod.
 */
import '#lib/platform/zod-browser.ts';
import { z } from 'zod';
import type { RoleLetter } from './routes.ts';
import { Messages } from './errors.ts';
import { rowIdSchema } from './id-schemas.ts';

export type Method = 'GET' | 'POST' | 'DELETE';

/** Who may call: anyone, a signed-in user, or a user whose role in the query's shop is listed. */
export type Access = 'anyone' | 'signed-in' | { readonly roles: readonly RoleLetter[] };

/**
 * A body: a JSON object of this shape, or the raw bytes (image search) or multipart form the
 * handler reads itself.
 */
export type BodyShape = z.ZodRawShape | 'binary';

/**
 * Query keys the shared request client adds to every call (commerce §7): accepted everywhere,
 * validated, and otherwise ignored unless the endpoint's schema names them.
 */
export const clientAddedQuery = {
  distributorId: rowIdSchema('distributorId 格式不正确').optional(),
  shopBizCode: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, Messages.SHOP_ID_INVALID)
    .optional(),
  t: z.string().max(20).optional(),
};
type ClientAddedQuery = typeof clientAddedQuery;

export interface Contract<
  P extends z.ZodRawShape = z.ZodRawShape,
  Q extends z.ZodRawShape = z.ZodRawShape,
  B extends BodyShape | undefined = BodyShape | undefined,
  A extends Access = Access,
  D = unknown,
> {
  readonly method: Method;
  /** The §7 path; path parameters in braces: `/api/shop/decoration/saveSelectedSkin/{skinId}`. */
  readonly path: string;
  readonly params: P;
  /** The endpoint's own query keys; the client-added ones are always accepted besides. */
  readonly query: Q;
  /** Absent: the body is not read (every GET). */
  readonly body: B;
  readonly access: A;
  /** A GET of the specification that changes something refuses other sites itself. */
  readonly refuseCrossSite: boolean;
  /** The envelope's message on success. */
  readonly message: string;
  /** Type only: the envelope's data. */
  readonly data?: D;
}

/** Any contract: `any` only widens the generic bounds so every concrete contract fits. */
export type AnyContract = Contract<any, any, any, any, any>;

interface Declaration<P, Q, B, A> {
  method: Method;
  path: string;
  params?: P;
  query?: Q;
  body?: B;
  access?: A;
  refuseCrossSite?: boolean;
  message?: string;
}

/**
 * Declares a contract; the data type is given first, the rest is inferred:
 * `contract<{ cartSkuNum: number }>()({ method: 'GET', path: '/api/…', access: 'signed-in' })`.
 * The data type must be named: `unknown` (or `any`) would let the handler answer anything, so it
 * asks for an argument no call gives (a type error at the declaration).
 */
export function contract<D>(..._dataTypeNamed: unknown extends D ? [name: 'the data type'] : []) {
  return <
    P extends z.ZodRawShape = Record<never, never>,
    Q extends z.ZodRawShape = Record<never, never>,
    B extends BodyShape | undefined = undefined,
    A extends Access = 'anyone',
  >(
    declaration: Declaration<P, Q, B, A>,
  ): Contract<P, Q, B, A, D> => {
    const params = declaration.params ?? ({} as P);
    const names = [...declaration.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    const declared = Object.keys(params);
    if (names.length !== declared.length || names.some((name) => !declared.includes(name!))) {
      throw new Error(`contract ${declaration.path}: path parameters and params differ`);
    }
    // A role is held in one shop: a role contract must require the shop it is checked in.
    const shopKey = (declaration.query as z.ZodRawShape | undefined)?.['shopBizCode'];
    if (
      typeof declaration.access === 'object' &&
      (!shopKey || z.safeParse(shopKey, undefined).success)
    ) {
      throw new Error(`contract ${declaration.path}: a role contract needs a required shopBizCode`);
    }
    return {
      method: declaration.method,
      path: declaration.path,
      params,
      query: declaration.query ?? ({} as Q),
      body: declaration.body as B,
      access: declaration.access ?? ('anyone' as A),
      refuseCrossSite: declaration.refuseCrossSite ?? false,
      message: declaration.message ?? Messages.OK,
    };
  };
}

/** The query schema an endpoint parses: its own keys over the client-added ones, strictly. */
export function querySchema<Q extends z.ZodRawShape>(shape: Q) {
  // An endpoint's own rule for a client-added key (e.g. a required shopBizCode) replaces the default.
  const merged = { ...clientAddedQuery, ...shape } as Omit<ClientAddedQuery, keyof Q> & Q;
  return z.strictObject(merged);
}

export type ParamsOf<C extends AnyContract> = z.output<z.ZodObject<C['params']>>;
export type QueryOf<C extends AnyContract> = z.output<ReturnType<typeof querySchema<C['query']>>>;
export type BodyOf<C extends AnyContract> = C['body'] extends z.ZodRawShape
  ? z.output<z.ZodObject<C['body']>>
  : undefined;
export type DataOf<C extends AnyContract> =
  C extends Contract<any, any, any, any, infer D> ? D : never;

/** A value as JSON carries it: a `Date` the server answers arrives as its ISO string. */
export type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/** The data a browser call resolves with: the contract's data as it comes over the wire. */
export type WireDataOf<C extends AnyContract> = Wire<DataOf<C>>;

/** What a browser call sends: path parameters, query and body, each only where the contract has them. */
export type CallInput<C extends AnyContract> = (keyof C['params'] extends never
  ? { params?: undefined }
  : { params: z.input<z.ZodObject<C['params']>> }) &
  (keyof C['query'] extends never
    ? { query?: z.input<ReturnType<typeof querySchema<C['query']>>> }
    : { query: z.input<ReturnType<typeof querySchema<C['query']>>> }) &
  (C['body'] extends 'binary'
    ? { body: Blob | FormData }
    : C['body'] extends z.ZodRawShape
      ? keyof C['body'] extends never
        ? { body?: undefined }
        : { body: z.input<z.ZodObject<C['body']>> }
      : { body?: undefined });
