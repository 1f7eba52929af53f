/** Column builders every area's tables share. */
import { getTableName, sql } from 'drizzle-orm';
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

/**
 * Foreign keys against the import order. Two areas' tables that point at each other (a checkout
 * records its coupon, the coupon the checkout it paid for) cannot import each other's file, since
 * value imports may not go round in a circle. The file imported refers to the column by name,
 * `ref(…).references(referenceTo('order_groups.id'))`; the file that declares it offers it,
 * `offerReference(orderGroups.id)`. Drizzle asks for the column only when it builds the foreign
 * keys, after the schema barrel has loaded every table.
 */
const offered = new Map<string, AnyPgColumn>();

export function offerReference(column: AnyPgColumn): void {
  offered.set(`${getTableName(column.table)}.${column.name}`, column);
}

export const referenceTo = (name: string) => (): AnyPgColumn => {
  const column = offered.get(name);
  if (!column) throw new Error(`${name} is not offered: load the schema barrel`);
  return column;
};
