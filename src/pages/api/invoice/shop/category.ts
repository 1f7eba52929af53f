import { InvoiceContracts } from '#lib/invoices/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { saveShopCategoryTax } from '#lib/invoices/index.server.ts';

/** POST ?shopBizCode= { categoryId, taxCode, shortName, rateBp } → null: a category's tax. */
export const POST = endpoint(
  InvoiceContracts.shopCategoryTax,
  async ({ query, body, user, context }) => {
    await saveShopCategoryTax(context.locals.database.db, {
      shopId: query.shopBizCode,
      ownerId: user.id,
      categoryId: Number(body.categoryId),
      taxCode: body.taxCode,
      shortName: body.shortName,
      rateBp: body.rateBp,
    });
    return null;
  },
);
