/**
 * The catalogue at a hundred times its size, for the bench's flat-cost rows: every product of
 * every sale copied 99 times into the same sale (a SKU and the pictures each), on PostgreSQL.
 */
import postgres from 'postgres';

export const SCALE = 100;

/** Drops and creates an empty database on the local server; answers its URL. */
export async function freshDatabase(name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a database name: ${name}`);
  const server = postgres('postgres://postgres@127.0.0.1:5432/postgres', {
    max: 1,
    onnotice: () => {},
  });
  try {
    await server.unsafe(`drop database if exists ${name} with (force)`);
    await server.unsafe(`create database ${name}`);
  } finally {
    await server.end();
  }
  return `postgres://postgres@127.0.0.1:5432/${name}`;
}

/** Copies every product SCALE - 1 times; answers the number of products after. */
export async function multiplyCatalogue(url: string): Promise<number> {
  const db = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await db.begin(async (tx) => {
      await tx.unsafe(`
        create temp table copies on commit drop as
        select p.id as source_id, n, nextval(pg_get_serial_sequence('products', 'id')) as new_id
        from products p cross join generate_series(1, ${SCALE - 1}) as n`);
      await tx.unsafe(`
        insert into products (id, product_no, shop_id, activity_id, brand_id, category_id, name,
          subtitle, description, price_cents, market_price_cents, commission_rate_bp, sales_count,
          cross_border, status, sort)
        select c.new_id, p.product_no || '-X' || c.n, p.shop_id, p.activity_id, p.brand_id,
          p.category_id, p.name || ' ' || c.n, p.subtitle, p.description, p.price_cents,
          p.market_price_cents, p.commission_rate_bp, p.sales_count, p.cross_border, p.status,
          p.sort + c.n
        from copies c join products p on p.id = c.source_id`);
      await tx.unsafe(`
        insert into skus (sku_no, product_id, color, size, price_cents, market_price_cents, stock, image_url)
        select s.sku_no || '-X' || c.n, c.new_id, s.color, s.size, s.price_cents,
          s.market_price_cents, s.stock, s.image_url
        from copies c join lateral (
          select * from skus where product_id = c.source_id order by id limit 1
        ) s on true`);
      await tx.unsafe(`
        insert into product_images (product_id, url, kind, sort)
        select c.new_id, i.url, i.kind, i.sort
        from copies c join product_images i on i.product_id = c.source_id and i.kind = 'main'`);
      await tx.unsafe(`update content_version set version = version + 1`);
    });
    const [row] = await db<{ count: string }[]>`select count(*) from products`;
    return Number(row!.count);
  } finally {
    await db.end();
  }
}
