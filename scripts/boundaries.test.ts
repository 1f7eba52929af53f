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
      {
        entry: 'src/lib/cart/ui/CartView.astro',
        chain: ['src/lib/cart/ui/CartView.astro', 'src/lib/cart/cart.server.ts'],
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

describe('modules imported for what they do on load', () => {
  it('must be named in package.json "sideEffects", or the build may drop them', () => {
    const report = checkBoundaries(fixture('side-effects'));
    expect(report.unlistedSideEffects).toEqual([
      { from: 'src/components/Room.astro <script>', to: 'src/lib/live/ui/unlisted.ts' },
    ]);
    expect(describeReport(report)).toEqual([
      'src/components/Room.astro <script> imports src/lib/live/ui/unlisted.ts for what it does on load, but package.json "sideEffects" does not name it: the build would drop it',
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

  it('refuses a door loaded lazily, and lets a ui/ module be loaded so', () => {
    expect(report.lazyDoors).toEqual([
      { from: 'src/islands/order-status.ts', to: 'src/lib/orders/index.ts' },
    ]);
    expect(describeReport(report)).toContain(
      'src/islands/order-status.ts loads the door src/lib/orders/index.ts lazily: the chunk would carry the whole area; load a module of its ui/ instead',
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
});

describe('the shop', () => {
  it('keeps its boundaries: no server code in browser code, no cycles, every import through a door, no write to another area', () => {
    expect(describeReport(checkBoundaries('.'))).toEqual([]);
  });
});
