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

/** No field holds a NUL (PostgreSQL text refuses it): text with one is odd. */
const noNul = z.string().refine((value) => !value.includes('\0'));

/** Text, trimmed and cut to `max` characters; missing (or with a NUL) is ''. */
export function text(max: number) {
  return noNul.transform((value) => value.trim().slice(0, max)).catch('');
}

/** Text as given, or undefined when missing (or with a NUL). */
export function optionalText() {
  return noNul.optional().catch(undefined);
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

/** Text that matches `pattern` whole (a code, an id), else undefined. */
export function matching(pattern: RegExp) {
  return z.string().regex(pattern).optional().catch(undefined);
}
