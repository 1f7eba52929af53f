/**
 * The one reader of a page's query: every field falls back to its default when missing or odd, so
 * a shopper's hand-edited, truncated or stale link still opens the page (never a 400). Keys the
 * page does not read are left alone: shared links carry the shop's and the sharer's (shopId,
 * distributorId, spm …) for the link builder, not for the page.
 */
import { z } from 'zod';

/** A page number: a whole number from 1 to `max`, else 1. */
export function pageNumber(max = 1000) {
  return z.coerce.number().int().min(1).max(max).catch(1);
}

/** A whole number (a position, an index), else `fallback`; the service judges its range. */
export function wholeNumber(fallback: number) {
  return z.coerce.number().int().catch(fallback);
}

/** One of `values`, else `fallback`. */
export function oneOf<T extends string>(values: readonly T[], fallback: NoInfer<T>) {
  return z
    .custom<T>(
      (value) => typeof value === 'string' && (values as readonly string[]).includes(value),
    )
    .catch(fallback);
}

/** Text, trimmed and cut to `max` characters; missing is ''. */
export function text(max: number) {
  return z
    .string()
    .transform((value) => value.trim().slice(0, max))
    .catch('');
}

/** Text as given, or undefined when missing. */
export function optionalText() {
  return z.string().optional().catch(undefined);
}

/** Reads the query with the first value of each key, the way URLSearchParams.get does. */
export function readPageQuery<Shape extends z.ZodRawShape>(
  params: URLSearchParams,
  shape: Shape,
): z.infer<z.ZodObject<Shape>> {
  const first: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in first)) first[key] = value;
  return z.object(shape).parse(first);
}
