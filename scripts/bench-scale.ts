/**
 * A catalogue `factor` times the demo's, for the bench's scale rows (issue #28: brand and search
 * at 1× and 100× the products): every product copied factor − 1 times into the same sale, shop
 * and brand, with its SKUs and pictures, its name and subtitle kept (so a search term matches
 * factor times as many products) and a number of its own.
 */
import { sql } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Db } from '#lib/platform/db/client.server.ts';

export async function multiplyProducts(db: Db, factor: number): Promise<void> {
  await db.execute(sql`
    insert into products (product_no, shop_id, activity_id, brand_id, category_id, name, subtitle,
      description, price_cents, market_price_cents, commission_rate_bp, sales_count, cross_border,
      status, sort)
    select p.product_no || 'X' || g, p.shop_id, p.activity_id, p.brand_id, p.category_id, p.name,
      p.subtitle, p.description, p.price_cents + g, p.market_price_cents + g, p.commission_rate_bp,
      p.sales_count + g, p.cross_border, p.status, p.sort + g
    from products p cross join generate_series(1, ${factor - 1}) g
    where p.product_no not like '%X%'`);
  await db.execute(sql`
    insert into skus (sku_no, product_id, color, size, price_cents, market_price_cents, stock, image_url)
    select s.sku_no || 'X' || split_part(c.product_no, 'X', 2), c.id, s.color, s.size,
      s.price_cents, s.market_price_cents, s.stock, s.image_url
    from skus s
    join products p on p.id = s.product_id
    join products c on c.product_no like p.product_no || 'X%'`);
  await db.execute(sql`
    insert into product_images (product_id, url, kind, sort)
    select c.id, i.url, i.kind, i.sort
    from product_images i
    join products p on p.id = i.product_id
    join products c on c.product_no like p.product_no || 'X%'`);
  await db.execute(sql`analyze`);
}

/** A data folder holding the demo with `factor` times its products, for a shop to start on. */
export async function scaledDataDir(factor: number): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `shop-scale-${factor}-`));
  const database = await bootDatabase({ dataDir }, { seed: true, rearm: true });
  try {
    if (factor > 1) await multiplyProducts(database.db, factor);
  } finally {
    await database.close();
  }
  return dataDir;
}
