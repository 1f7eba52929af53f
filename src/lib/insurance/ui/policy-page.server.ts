/**
 * 运费险's one read: with an order number, that order's policy (or why there is none: not
 * insured, or no such order of this shopper); without one, the shopper's insured orders here.
 */
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import type { PolicyView } from '../contracts.ts';
import { listPolicies, readPolicy } from '../insurance.server.ts';

const ORDER_NO = /^[A-Z0-9]{6,40}$/;

export type PolicyPage =
  { missing: string } | { missing: null; policy: PolicyView | null; list: PolicyView[] };

export async function readPolicyPage(
  db: DbOrTx,
  input: { shopId: string; userId: number; orderNo: string },
): Promise<PolicyPage> {
  const { shopId, userId } = input;
  const orderNo = input.orderNo.trim().toUpperCase();
  if (!orderNo) {
    return { missing: null, policy: null, list: await listPolicies(db, { shopId, userId }) };
  }
  try {
    if (ORDER_NO.test(orderNo)) {
      return { missing: null, policy: await readPolicy(db, { shopId, userId, orderNo }), list: [] };
    }
  } catch (error) {
    const code = (error as { code?: number }).code;
    if (code === Errors.NOT_INSURED.code) return { missing: Errors.NOT_INSURED.message };
    if (code !== Errors.ORDER_NOT_FOUND.code) throw error;
  }
  return { missing: '没有找到这个订单。' };
}
