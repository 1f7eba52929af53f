/** What the product page tells search engines and link previews: its description and JSON-LD. */
import { imageUrl } from '#lib/media/index.ts';
import { formatYuan } from '#lib/platform/money.ts';
import { truncate } from '#lib/platform/text.ts';
import type { ProductDetail } from '../catalog.server.ts';
import { canonicalPath, pageUrl, productLd, shopBreadcrumbs } from '../structured-data.ts';

interface Site {
  origin: string;
  shopId: string;
  shopName: string;
}

export function productDescription(product: ProductDetail): string {
  return truncate(`${product.name}，${product.description}`);
}

export function productJsonLd(site: Site, product: ProductDetail) {
  const { productNo } = product;
  const sale = product.sale ?? null;
  const inStock = product.skus.some((s) => s.stock > 0);
  return [
    productLd({
      name: product.name,
      description: productDescription(product),
      sku: productNo,
      images: product.images.map((url) => new URL(imageUrl(url, 800), site.origin).toString()),
      brandName: product.brand.name,
      price: formatYuan(product.priceCents),
      inStock: inStock && sale?.state !== 'ended',
      url: pageUrl(site, '/productDetail', { productNo }),
      priceValidUntil: sale?.endAt.toISOString().slice(0, 10),
    }),
    shopBreadcrumbs(site, [
      ...(sale
        ? [
            {
              name: sale.title,
              path: canonicalPath('/brand', site.shopId, { activityNo: sale.activityNo }),
            },
          ]
        : []),
      { name: product.name },
    ]),
  ];
}
