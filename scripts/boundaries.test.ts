import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBoundaries, describeReport } from './boundaries.ts';

const fixture = (name: string) => path.resolve('tests/fixtures/boundaries', name);

describe('the boundary checker on small fixture trees', () => {
  it('passes a tree whose browser code reaches servers only through types, pages and layouts', () => {
    expect(describeReport(checkBoundaries(fixture('ok')))).toEqual([]);
  });

  it('names every browser entry that reaches server-only code, with the imports on the way', () => {
    const report = checkBoundaries(fixture('server-import'));
    expect(report.serverImports).toEqual([
      {
        entry: 'src/components/Price.astro',
        chain: ['src/components/Price.astro', 'drizzle-orm'],
      },
      {
        entry: 'src/layouts/Layout.astro <script>',
        chain: ['src/layouts/Layout.astro <script>', 'src/lib/platform/db/schema.ts'],
      },
      {
        entry: 'src/islands/cart/AddToCart.tsx',
        chain: [
          'src/islands/cart/AddToCart.tsx',
          'src/lib/cart/store.ts',
          'src/lib/cart/cart.server.ts',
        ],
      },
      {
        entry: 'src/lib/cart/store.ts',
        chain: ['src/lib/cart/store.ts', 'src/lib/cart/cart.server.ts'],
      },
      {
        entry: 'src/lib/identity/store.ts',
        chain: ['src/lib/identity/store.ts', 'src/lib/identity/sessions.server.ts'],
      },
    ]);
    expect(report.cycles).toEqual([]);
    expect(describeReport(report)).toContain(
      'src/islands/cart/AddToCart.tsx imports server-only code: src/islands/cart/AddToCart.tsx → src/lib/cart/store.ts → src/lib/cart/cart.server.ts',
    );
  });

  it('names the files of a value-import cycle, and not those joined only by types or import()', () => {
    const report = checkBoundaries(fixture('cycle'));
    expect(report.cycles).toEqual([
      ['src/lib/orders/a.ts', 'src/lib/orders/b.ts', 'src/lib/orders/c.ts', 'src/lib/orders/a.ts'],
    ]);
    expect(report.serverImports).toEqual([]);
  });

  it('reports an import that names no file rather than skipping it', () => {
    expect(checkBoundaries(fixture('unresolved')).unresolved).toEqual([
      { from: 'src/islands/Broken.tsx', specifier: './gone.ts' },
    ]);
  });
});

it('the shop keeps its boundaries: no server code in browser code, no value-import cycles', () => {
  expect(describeReport(checkBoundaries('.'))).toEqual([]);
});
