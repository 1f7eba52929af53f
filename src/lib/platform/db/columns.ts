/** Column builders every area's tables share. */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, bigserial, customType, timestamp } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

export const id = () => bigserial('id', { mode: 'number' }).primaryKey();
export const ref = (name: string) => bigint(name, { mode: 'number' });
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const at = (name: string) => timestamp(name, { withTimezone: true });

// Status numbers are written into CHECKs and index predicates as literals (a DDL statement takes
// no parameters); they come from the status modules, so the database follows their tables.
export const literal = (value: number) => sql.raw(String(value));
export const oneOf = (column: AnyPgColumn, values: readonly number[]) =>
  sql`${column} in (${sql.raw(values.join(', '))})`;
