/**
 * The error catalogue and the contract list are assembled from the areas' doors: these tests find
 * every door on disk, so an area whose catalogue or contracts the registries do not read fails
 * here instead of answering 500 or skipping the edge's checks.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorAreas, ErrorDoors } from './errors.ts';
import { ContractAreas, ContractDoors } from './contracts.ts';

const LIB = path.resolve('src/lib');
const areas = readdirSync(LIB).filter((area) => existsSync(path.join(LIB, area, 'index.ts')));
const doorOf = (area: string) => import(`./${area}/index.ts`) as Promise<Record<string, unknown>>;

/** `export const XErrors = {` in the area's files: every catalogue the area declares. */
function declared(area: string, suffix: 'Errors' | 'Contracts'): string[] {
  const pattern = new RegExp(`^export const (\\w+${suffix}) = \\{`, 'gm');
  return readdirSync(path.join(LIB, area), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .flatMap((file) =>
      [...readFileSync(path.join(LIB, area, file), 'utf8').matchAll(pattern)].map((m) => m[1]!),
    );
}

describe.each([
  { suffix: 'Errors' as const, doors: ErrorDoors, registry: ErrorAreas as Record<string, unknown> },
  {
    suffix: 'Contracts' as const,
    doors: ContractDoors,
    registry: ContractAreas as Record<string, unknown>,
  },
])('the registry of …$suffix', ({ suffix, doors, registry }) => {
  it('reads every door that exports one, and each of them whole', async () => {
    for (const area of areas) {
      const door = await doorOf(area);
      const names = Object.keys(door).filter((name) => name.endsWith(suffix));
      if (names.length === 0) continue;
      expect({ area, read: area in doors }).toEqual({ area, read: true });
      for (const name of names)
        expect({ name, same: registry[name] === door[name] }).toEqual({ name, same: true });
    }
  });

  it('gets every one an area declares through the area door', async () => {
    for (const area of areas.filter((a) => a !== 'platform')) {
      const door = await doorOf(area);
      for (const name of declared(area, suffix)) {
        expect({ area, name, exported: name in door }).toEqual({ area, name, exported: true });
      }
    }
  });
});
