import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { contract, type Wire } from './contract.ts';
import { pathFor } from './endpoint.ts';
import { allContracts } from '#lib/contracts.ts';

const ALL = allContracts;

/** The Astro route file of a contract path: `{name}` segments are `[name]` files. */
function routeFile(contractPath: string): string {
  return path.join('src/pages', `${contractPath.replace(/\{(\w+)\}/g, '[$1]')}.ts`);
}

describe('contracts', () => {
  it('builds the path with every parameter encoded', () => {
    const target = contract<null>()({
      method: 'POST',
      path: '/api/x/{shopBizCode}/{no}',
      params: { shopBizCode: z.string(), no: z.string() },
    });
    expect(pathFor(target, { shopBizCode: '1001', no: 'a/b c' })).toBe('/api/x/1001/a%2Fb%20c');
  });

  it('refuses a declaration whose path and params differ', () => {
    expect(() =>
      contract<null>()({ method: 'GET', path: '/api/x/{shopId}', params: { skinId: z.string() } }),
    ).toThrow(/path parameters/);
  });

  it('refuses a role contract without a required shop to check the role in', () => {
    const roles = { roles: ['M'] } as const;
    expect(() => contract<null>()({ method: 'GET', path: '/api/y', access: roles })).toThrow(
      /required shopBizCode/,
    );
    expect(() =>
      contract<null>()({
        method: 'GET',
        path: '/api/y',
        query: { shopBizCode: z.string().optional() },
        access: roles,
      }),
    ).toThrow(/required shopBizCode/);
    expect(
      contract<null>()({
        method: 'GET',
        path: '/api/y',
        query: { shopBizCode: z.string() },
        access: roles,
      }).access,
    ).toEqual(roles);
  });

  it('asks for a named data type (a type error, checked by astro check)', () => {
    // @ts-expect-error -- `unknown` data would let the endpoint's handler answer anything.
    const unnamed = contract<unknown>();
    const named = contract<null>();
    expect([typeof unnamed, typeof named]).toEqual(['function', 'function']);
  });

  it('names each endpoint once', () => {
    const keys = ALL.map((each) => `${each.method} ${each.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has an endpoint file for every contract, answering its method through endpoint()', () => {
    for (const each of ALL) {
      const file = routeFile(each.path);
      const source = fs.readFileSync(file, 'utf8');
      expect(source, file).toContain(`export const ${each.method} = endpoint(`);
    }
  });

  it('covers every endpoint file', () => {
    const files = fs
      .readdirSync('src/pages/api', { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !path.basename(file).startsWith('_'))
      .map((file) => path.join('src/pages/api', file));
    expect(files.sort()).toEqual([...new Set(ALL.map((each) => routeFile(each.path)))].sort());
  });

  it('reads no body on GET and gives role-checked calls the shop they are checked in', () => {
    for (const each of ALL) {
      if (each.method === 'GET') expect(each.body, each.path).toBeUndefined();
      if (typeof each.access === 'object')
        expect(each.query, each.path).toHaveProperty('shopBizCode');
    }
  });
});

describe('Wire', () => {
  it('says a Date arrives as its ISO string, however deep', () => {
    // Checked by the type checker (astro check); the runtime line only documents the JSON.
    expectTypeOf<Wire<{ at: Date; list: { d: Date; n: number }[]; none: null }>>().toEqualTypeOf<{
      at: string;
      list: { d: string; n: number }[];
      none: null;
    }>();
    expect(JSON.parse(JSON.stringify({ at: new Date(0) }))).toEqual({
      at: '1970-01-01T00:00:00.000Z',
    });
  });
});
