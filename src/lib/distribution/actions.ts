/**
 * The browser side of the wallet pages: each call is one distribution contract. The request
 * client and the contracts load on first use, so a page's first load stays small. Errors are
 * toasted by the request client.
 */
async function client() {
  const [{ call }, { DistributionContracts }] = await Promise.all([
    import('#lib/platform/client.ts'),
    import('./contracts.ts'),
  ]);
  return { call, DistributionContracts };
}

/** The page's shop, named explicitly: inside the messaging app the client adds no shopBizCode. */
const shopQuery = () => ({ shopBizCode: document.body.dataset.shopId ?? '' });

export async function applyWithdrawal(input: {
  amountCents: number;
  bankCardId: number;
  idempotencyKey: string;
}): Promise<{ withdrawalNo: string }> {
  const { call, DistributionContracts } = await client();
  return call(DistributionContracts.cash, { query: shopQuery(), body: input });
}

export async function bindCard(input: {
  holderName: string;
  cardNo: string;
  bankCode?: string;
}): Promise<{ id: number }> {
  const { call, DistributionContracts } = await client();
  return call(DistributionContracts.bindCard, { query: shopQuery(), body: input });
}

export async function removeCard(cardId: number): Promise<void> {
  const { call, DistributionContracts } = await client();
  await call(DistributionContracts.removeCard, { query: shopQuery(), body: { cardId } });
}

export async function bindEnterpriseCard(input: {
  companyName: string;
  accountNo: string;
  bankCode: string;
}): Promise<{ id: number }> {
  const { call, DistributionContracts } = await client();
  return call(DistributionContracts.bindEnterpriseCard, { query: shopQuery(), body: input });
}

export async function verifyEnterpriseCard(cardId: number, amount: string): Promise<void> {
  const { call, DistributionContracts } = await client();
  await call(
    DistributionContracts.verifyEnterpriseCard,
    { query: shopQuery(), body: { cardId, amount } },
    { silent: true },
  );
}

export async function reviewWithdrawal(input: {
  withdrawalNo: string;
  approve: boolean;
  reason?: string;
}): Promise<void> {
  const { call, DistributionContracts } = await client();
  await call(DistributionContracts.review, { query: shopQuery(), body: input });
}
