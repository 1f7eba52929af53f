/**
 * The browser side of hideProduct: hide a sale, undo a hide. The request client and the
 * contracts load on first use; errors are toasted by the request client.
 */
async function client() {
  const [{ call }, { BlacklistEndpoints }] = await Promise.all([
    import('#lib/platform/client.ts'),
    import('./blacklist-endpoints.ts'),
  ]);
  return { call, BlacklistEndpoints };
}

/** The page's shop, in the path and (for the role check) in the query. */
const shop = () => {
  const shopBizCode = document.body.dataset.shopId ?? '';
  return { shopBizCode };
};

export async function hideSale(activityNo: string): Promise<void> {
  const { call, BlacklistEndpoints } = await client();
  await call(BlacklistEndpoints.hide, {
    params: { ...shop(), activityNoStr: activityNo },
    query: shop(),
  });
}

export async function undoHide(id: number): Promise<void> {
  const { call, BlacklistEndpoints } = await client();
  await call(BlacklistEndpoints.undoHide, {
    params: { ...shop(), id },
    query: shop(),
  });
}
