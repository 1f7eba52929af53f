/**
 * The demo consumer's cart in shop 1001: lines of two brand sales, three pieces of the N件X折
 * sale (its discount shows in the total), one line left unselected, and one line whose sale has
 * ended since it was added (失效商品).
 */
import { inArray } from 'drizzle-orm';
import type { Tx } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { DEMO_PLAN } from './plan.ts';
import type { DemoRole } from './identity.ts';

function skuOf(handle: string, product: number): string {
  const sale =
    handle === 'npiece'
      ? DEMO_PLAN.npieceSale
      : DEMO_PLAN.brandSales.find((s) => s.shopId === '1001' && s.handle === handle);
  const found = sale?.products[product]?.skuNos[0];
  if (!found) throw new Error(`The demo has no product ${product} in ${handle}`);
  return found;
}

const LINES = [
  { sku: skuOf('senyeRunning', 1), quantity: 1, selected: true },
  { sku: skuOf('xiaomanRunning', 0), quantity: 2, selected: true },
  { sku: skuOf('npiece', 0), quantity: 2, selected: true },
  { sku: skuOf('npiece', 1), quantity: 1, selected: true },
  { sku: skuOf('bailuRunning', 1), quantity: 1, selected: false },
  { sku: skuOf('senyeEnded', 0), quantity: 1, selected: true },
];

export async function seedCart(tx: Tx, userId: Record<DemoRole, number>): Promise<void> {
  const skus = await tx
    .select({ id: t.skus.id, skuNo: t.skus.skuNo })
    .from(t.skus)
    .where(
      inArray(
        t.skus.skuNo,
        LINES.map((line) => line.sku),
      ),
    );
  await tx.insert(t.cartItems).values(
    LINES.map((line) => ({
      shopId: '1001',
      userId: userId.consumer,
      skuId: skus.find((s) => s.skuNo === line.sku)!.id,
      quantity: line.quantity,
      selected: line.selected,
    })),
  );
}
