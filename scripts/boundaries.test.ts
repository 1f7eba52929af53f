import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  BASELINE_FILE,
  checkBoundaries,
  describeReport,
  lintBoundaries,
  wallBreachKeys,
} from './boundaries.ts';

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

describe('the area walls on a fixture tree', () => {
  const report = checkBoundaries(fixture('walls'));

  it('lets code into another area only through its doors, and the ground floor into none', () => {
    expect(report.doorBreaches).toEqual([
      { from: 'src/lib/payments/payments.server.ts', to: 'src/lib/orders/status.ts' },
      { from: 'src/lib/platform/money.ts', to: 'src/lib/orders/index.ts' },
      { from: 'src/pages/order.astro', to: 'src/lib/orders/transitions.server.ts' },
    ]);
    expect(describeReport(report)).toContain(
      'src/lib/platform/money.ts is on the ground floor and imports the orders area: src/lib/orders/index.ts',
    );
  });

  it('names every write to a table another area declares, however the table was imported', () => {
    expect(report.foreignWrites).toEqual([
      {
        file: 'src/lib/orders/transitions.server.ts',
        line: 14,
        write: 'delete',
        table: 'payments',
        owner: 'payments',
      },
      {
        file: 'src/lib/payments/payments.server.ts',
        line: 14,
        write: 'update',
        table: 'orders',
        owner: 'orders',
      },
      {
        file: 'src/lib/payments/payments.server.ts',
        line: 15,
        write: 'update',
        table: 'orders',
        owner: 'orders',
      },
    ]);
    expect(describeReport(report)).toContain(
      'src/lib/payments/payments.server.ts:14 writes (update) orders, a table of the orders area',
    );
  });

  it('fails the lint on a breach the baseline does not list, and on a line it no longer needs', () => {
    const keys = wallBreachKeys(report);
    expect(lintBoundaries(fixture('walls'), keys)).toEqual([]);
    const [first, ...rest] = keys;
    expect(lintBoundaries(fixture('walls'), rest)).toHaveLength(1);
    expect(lintBoundaries(fixture('walls'), [...keys, 'import a -> b'])).toEqual([
      `${BASELINE_FILE} lists a breach the tree no longer has (run with --shrink): import a -> b`,
    ]);
    expect(first).toBe('delete src/lib/orders/transitions.server.ts -> payments');
  });
});

describe('the shop', () => {
  const baseline = readFileSync(BASELINE_FILE, 'utf8').split('\n').filter(Boolean);

  it('keeps its boundaries: no server code in browser code, no cycles, no new wall breach', () => {
    expect(lintBoundaries('.', baseline)).toEqual([]);
  });

  it('lists in its baseline only imports past a door: no write to another area, no import from the ground floor', () => {
    expect(baseline.filter((key) => !key.startsWith('import '))).toEqual([]);
    expect(baseline.filter((key) => key.startsWith('import src/lib/platform/'))).toEqual([]);
  });
});
