/** Distribution's endpoint contracts: the shop keeper's own money. */
import { contract } from '#lib/platform/contract.ts';
import { shopIdSchema } from '#lib/platform/ids.ts';

export const DistributionContracts = {
  /** The shop keeper's balance and frozen money, in cents. Shop keepers only. */
  profit: contract<{ balanceCents: number; frozenCents: number }>()({
    method: 'GET',
    path: '/api/member/xdwxh5/distributor/profit',
    query: { shopBizCode: shopIdSchema },
    access: { roles: ['D'] },
  }),
};
