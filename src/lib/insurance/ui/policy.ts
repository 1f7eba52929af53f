/** The view rules of 运费险: the line under a policy's state. */
import { formatYuan } from '#lib/platform/money.ts';
import type { PolicyView } from '../contracts.ts';

const HINTS: Record<PolicyView['state'], (p: PolicyView) => string> = {
  pending: () => '订单支付后保障生效',
  active: (p) => `退货时赔付运费 ¥${formatYuan(p.coverCents)}，每单一次`,
  void: () => '订单已取消，保费已随退款原路退回',
  claimed: (p) => `理赔 ¥${formatYuan(p.claim?.amountCents ?? p.coverCents)}，由商家赔付`,
};

export function policyHint(policy: PolicyView): string {
  return HINTS[policy.state](policy);
}
