/**
 * The only reader of process.env. Every setting is parsed once with zod; a bad value stops
 * start-up with one line that names the variable.
 */
import { z } from 'zod';
import { parsePublicOrigin } from './origin.ts';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** An empty variable counts as unset, so `PORT=` means the default, not port 0. */
const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

/** A switch: 1/true/on or 0/false/off, off when unset. */
const flag = z.preprocess(
  emptyAsUnset,
  z
    .enum(['1', 'true', 'on', '0', 'false', 'off'], { error: 'must be 1/true/on or 0/false/off' })
    .default('0')
    .transform((v) => v === '1' || v === 'true' || v === 'on'),
);

const envSchema = z.object({
  PORT: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(65535).default(4321)),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./.data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  /** The origin shoppers use (https://shop.example.com): pins every absolute URL. */
  PUBLIC_ORIGIN: optionalText.pipe(
    z
      .string()
      .transform((value, ctx) => {
        const origin = parsePublicOrigin(value);
        if (origin === null) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be http(s)://host[:port] with nothing after it',
          });
          return z.NEVER;
        }
        return origin;
      })
      .optional(),
  ),
  DEFAULT_SHOP_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be a shop id of letters, digits, _ or -')
    .default('1001'),
  SMS_PROVIDER: z.enum(['console']).default('console'),
  /** Serve GET /api/dev/sms-outbox (console provider only): for tests and local demos, never public. */
  SMS_DEV_OUTBOX: flag,
  /**
   * How many reverse proxies stand in front of the shop (1/true/on: one; a number for a chain,
   * e.g. 2 for a CDN and a load balancer): the client address is that many X-Forwarded-For hops
   * from the right, and X-Forwarded-Proto/-Host are believed. 0/false/off (the default): none.
   */
  TRUST_PROXY: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .default('0')
      .transform((v, ctx) => {
        if (v === 'true' || v === 'on') return 1;
        if (v === 'false' || v === 'off') return 0;
        if (/^[0-9]$/.test(v)) return Number(v);
        ctx.addIssue({ code: 'custom', message: 'must be a number of proxies (0-9) or on/off' });
        return z.NEVER;
      }),
  ),
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  MESSAGING_APP_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  MESSAGING_APP_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an app id of letters, digits, _ or -')
    .default('wxsandbox0000000'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses an environment record; throws an EnvError whose message is one line naming the variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = String(issue?.path[0] ?? 'environment');
  const shown = maskSecrets(source[name] ?? '');
  throw new EnvError(
    `Invalid environment variable ${name}=${JSON.stringify(shown)}: ${issue?.message ?? 'invalid'}`,
  );
}

/** Hides a password in a URL-like value before it is printed. */
export function maskSecrets(value: string): string {
  return value.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@');
}

let cached: Env | undefined;

/** The process configuration, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
