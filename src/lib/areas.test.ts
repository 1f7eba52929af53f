/**
 * The areas of src/lib and the tables they own (issue #27 items 1 and 7): every folder is listed in
 * docs/architecture.md with its tables, and every table is declared in its area's
 * tables.server.ts and reaches drizzle-kit through the schema barrel.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as barrel from '#lib/platform/db/schema.ts';

const lib = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(lib, '../..');

const areas = readdirSync(lib, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const tablesOf = (exports: Record<string, unknown>): PgTable[] =>
  Object.values(exports).filter((value): value is PgTable => is(value, PgTable));

const barrelTables = tablesOf(barrel);

/** Each area's tables, as its tables.server.ts exports them (none when it has no such file). */
const areaTables = new Map<string, PgTable[]>();
for (const area of areas) {
  const file = path.join(lib, area, 'tables.server.ts');
  const exports = existsSync(file)
    ? ((await import(pathToFileURL(file).href)) as Record<string, unknown>)
    : {};
  areaTables.set(area, tablesOf(exports));
}

/** The area list of docs/architecture.md: each entry's text by area folder. */
function documentedAreas(): Map<string, string> {
  const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  const section = /^### Areas\n([\s\S]*?)^#/m.exec(doc)?.[1] ?? '';
  const entries = new Map<string, string>();
  for (const item of section.split(/^- /m).slice(1)) {
    const area = /^`([^`/]+)\/`/.exec(item)?.[1];
    if (area) entries.set(area, item.replace(/\s+/g, ' ').trim());
  }
  return entries;
}

describe('the areas of src/lib', () => {
  it('are each listed in docs/architecture.md, and the list names no folder that is gone', () => {
    const listed = [...documentedAreas().keys()].sort();
    expect(areas.filter((area) => !listed.includes(area))).toEqual([]);
    expect(listed.filter((area) => !areas.includes(area))).toEqual([]);
  });

  it('are listed with the tables they declare', () => {
    const documented = documentedAreas();
    for (const area of areas) {
      const entry = documented.get(area) ?? '';
      const named = [...(/Tables: (.*)$/.exec(entry)?.[1] ?? '').matchAll(/`(\w+)`/g)].map(
        ([, name]) => name,
      );
      const declared = (areaTables.get(area) ?? []).map((table) => getTableName(table));
      expect({ area, tables: named.sort() }).toEqual({ area, tables: declared.sort() });
    }
  });
});

describe('the tables', () => {
  it('are declared only in an area’s tables.server.ts', () => {
    const declaringFiles = readdirSync(path.join(root, 'src'), {
      recursive: true,
      encoding: 'utf8',
    })
      .filter((name) => /\.(ts|tsx|astro)$/.test(name) && !/\.test\.tsx?$/.test(name))
      .map((name) => `src/${name.split(path.sep).join('/')}`)
      .filter((file) => /\bpgTable\s*\(/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(
      declaringFiles.filter((file) => !/^src\/lib\/[^/]+\/tables\.server\.ts$/.test(file)),
    ).toEqual([]);
  });

  it('are all the schema barrel exports (seed clearAll empties every value it exports)', () => {
    const others = Object.entries(barrel).filter(([, value]) => !is(value, PgTable));
    expect(others.map(([name]) => name)).toEqual([]);
  });

  it('the schema barrel exports are each one area’s, and it exports every area’s', () => {
    const owners = (table: PgTable) =>
      areas.filter((area) => areaTables.get(area)!.includes(table));
    const misplaced = barrelTables
      .filter((table) => owners(table).length !== 1)
      .map((table) => `${getTableName(table)}: ${owners(table).join(', ') || 'no area'}`);
    expect(misplaced).toEqual([]);

    const unexported = [...areaTables.values()]
      .flat()
      .filter((table) => !barrelTables.includes(table))
      .map((table) => getTableName(table));
    expect(unexported).toEqual([]);
  });

  it('reference only tables of the barrel, so drizzle-kit sees every foreign key', () => {
    const dangling = barrelTables.flatMap((table) =>
      getTableConfig(table)
        .foreignKeys.map((key) => key.reference().foreignTable)
        .filter((target) => !barrelTables.includes(target))
        .map((target) => `${getTableName(table)} → ${getTableName(target)}`),
    );
    expect(dangling).toEqual([]);
  });
});
