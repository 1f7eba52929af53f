import { describe, expect, it } from 'vitest';
import { OrderStatus, RefundStatus } from './status.ts';
import {
  deliveryView,
  distributorStatusText,
  eventText,
  lineCanRefund,
  maskBuyer,
  orderActions,
  orderStatusText,
  tabFilter,
  tabFromQuery,
} from './order-view.ts';

const NOW = new Date('2026-11-23T06:00:00Z');
const LATER = new Date(NOW.getTime() + 10 * 60_000);
const EARLIER = new Date(NOW.getTime() - 60_000);
const actions = (status: number, refunds: (number | null)[] = [null], deadline = LATER) =>
  orderActions(
    { status, payDeadline: deadline, lines: refunds.map((refundStatus) => ({ refundStatus })) },
    NOW,
  );

describe('status texts', () => {
  it('names every status', () => {
    expect([10, 20, 30, 40, 50].map(orderStatusText)).toEqual([
      '待付款',
      '待发货',
      '待收货',
      '已完成',
      '已取消',
    ]);
    expect(distributorStatusText(30)).toBe('已发货');
    expect(distributorStatusText(20)).toBe('待发货');
  });
});

describe('tabs', () => {
  it('maps each tab to its statuses, 售后 to refunds, 全部 to everything', () => {
    expect(tabFilter('all')).toBeNull();
    expect(tabFilter('unpaid')).toEqual([OrderStatus.AwaitingPayment]);
    expect(tabFilter('unshipped')).toEqual([OrderStatus.Paid]);
    expect(tabFilter('shipped')).toEqual([OrderStatus.Shipped]);
    expect(tabFilter('done')).toEqual([OrderStatus.Completed]);
    expect(tabFilter('refund')).toBe('refund');
  });

  it('reads the my page links (status=10|20|30|refund) and tab names', () => {
    expect(tabFromQuery({ status: '10' })).toBe('unpaid');
    expect(tabFromQuery({ status: '20' })).toBe('unshipped');
    expect(tabFromQuery({ status: '30' })).toBe('shipped');
    expect(tabFromQuery({ status: '40' })).toBe('done');
    expect(tabFromQuery({ status: 'refund' })).toBe('refund');
    expect(tabFromQuery({ tab: 'done', status: '10' })).toBe('done');
    expect(tabFromQuery({ status: '99' })).toBe('all');
    expect(tabFromQuery({ tab: 'constructor' })).toBe('all');
    expect(tabFromQuery({})).toBe('all');
  });
});

describe('the actions a state allows', () => {
  it('unpaid: pay, cancel, change the address; only cancel once the deadline passed', () => {
    expect(actions(10)).toEqual(['pay', 'cancel', 'changeAddress']);
    expect(actions(10, [null], EARLIER)).toEqual(['cancel']);
  });

  it('paid: change the address while picking, refund a line that may be refunded', () => {
    expect(actions(20)).toEqual(['changeAddress', 'refund']);
    expect(actions(20, [RefundStatus.UnderReview])).toEqual(['changeAddress']);
    expect(actions(20, [RefundStatus.Failed])).toEqual(['changeAddress', 'refund']);
    expect(lineCanRefund(20, null)).toBe(true);
    expect(lineCanRefund(20, RefundStatus.Approved)).toBe(false);
    expect(lineCanRefund(30, null)).toBe(false);
    expect(lineCanRefund(10, null)).toBe(false);
  });

  it('shipped: logistics and confirm receipt; completed: logistics and hide; cancelled: hide', () => {
    expect(actions(30)).toEqual(['logistics', 'confirmReceipt']);
    expect(actions(40)).toEqual(['logistics', 'hide']);
    expect(actions(50)).toEqual(['hide']);
    expect(actions(77)).toEqual([]);
  });
});

describe('timeline texts', () => {
  const text = (kind: string, actor = 'shopper', note = '') => eventText({ kind, actor, note });
  it('says who did what', () => {
    expect(text('created')).toBe('订单已提交');
    expect(text('cancelled', 'shopper', '我不想买了')).toBe('您取消了订单：我不想买了');
    expect(text('cancelled', 'timer')).toBe('超时未支付，订单已自动取消');
    expect(text('cancelled', 'shop', '缺货')).toBe('商家取消了订单：缺货');
    expect(text('paid', 'gateway')).toBe('支付成功，等待商家发货');
    expect(text('shipped', 'shop', '顺丰速运 SF1234567890')).toBe(
      '商家已发货：顺丰速运 SF1234567890',
    );
    expect(text('completed', 'shopper')).toBe('您已确认收货');
    expect(text('completed', 'timer')).toBe('系统自动确认收货');
    expect(text('signed', 'gateway')).toBe('快件已签收');
    expect(text('address_changed')).toBe('收货地址已修改');
    expect(text('refund_applied', 'shopper', '拍错了')).toBe('已申请退款：拍错了');
    expect(text('hidden')).toBe('订单已删除');
    expect(text('something_new')).toBe('订单已更新');
  });
});

describe('the buyer as a distributor sees them', () => {
  it('shows the nickname first character, else the masked phone', () => {
    expect(maskBuyer({ nickname: '小鹿买买', phone: '13800000001' })).toBe('小**');
    expect(maskBuyer({ nickname: '  ', phone: '13800000001' })).toBe('138****0001');
    expect(maskBuyer({ nickname: '', phone: null })).toBe('匿名用户');
  });
});

describe('order times', () => {
  it('are shown in the shop zone', async () => {
    const { orderTime } = await import('./order-view.ts');
    expect(orderTime('2026-11-23T06:05:09Z')).toBe('2026-11-23 14:05:09');
  });
});

describe('where a promotion order goes', () => {
  const order = {
    address: {
      name: '鹿小姐',
      phone: '13800000001',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路 1 号',
    },
    remark: '放门口',
  };

  it('is whole for the one who ships it: receiver, phone, street and the buyer’s remark', () => {
    expect(deliveryView(order, { ships: true })).toEqual({
      address: { province: '浙江省', city: '杭州市', district: '西湖区' },
      delivery: { name: '鹿小姐', phone: '13800000001', detail: '文三路 1 号', remark: '放门口' },
    });
  });

  it('is the region only for a shop keeper reading an order they promoted', () => {
    const view = deliveryView(order, { ships: false });
    expect(view).toEqual({
      address: { province: '浙江省', city: '杭州市', district: '西湖区' },
      delivery: null,
    });
    expect(JSON.stringify(view)).not.toMatch(/鹿小姐|13800000001|文三路|放门口/);
  });
});
