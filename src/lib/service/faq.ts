/**
 * 常见问题 (faq): the answers the shop gives most, by subject. The numbers are the shop's own
 * rules (pay within 12 minutes, 7 days to return after receipt, a customer bound to a keeper for
 * 30 days, withdrawals from 1 元), taken from the modules that enforce them.
 */
import { PAY_WINDOW_MS } from '#lib/orders/index.ts';
import { RETURN_WINDOW_MS } from '#lib/after-sales/index.ts';
import { ATTRIBUTION_DAYS } from '#lib/attribution/index.ts';
import { MIN_WITHDRAWAL_CENTS } from '#lib/distribution/index.ts';
import { formatYuan } from '#lib/platform/money.ts';

export interface FaqGroup {
  id: string;
  title: string;
  items: { q: string; a: string }[];
}

const payMinutes = PAY_WINDOW_MS / 60_000;
const returnDays = RETURN_WINDOW_MS / 86_400_000;

export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: 'order',
    title: '下单',
    items: [
      {
        q: '怎么下单购买？',
        a: '在商品页选择规格和数量后点击「立即购买」，或加入购物车后一起结算。确认收货地址、优惠券后提交订单并完成支付即可。',
      },
      {
        q: '下单后可以修改收货地址吗？',
        a: '订单发货前，可以在「订单详情」里修改收货地址；已发货的订单无法修改，请联系客服协助。',
      },
      {
        q: '跨境商品为什么需要实名认证？',
        a: '跨境商品清关需要中国大陆第二代身份证实名认证，且下单账号的实名信息须与支付人一致。',
      },
    ],
  },
  {
    id: 'pay',
    title: '支付',
    items: [
      {
        q: '订单多久内需要付款？',
        a: `请在下单后${payMinutes}分钟内完成支付，超时未支付的订单会自动取消，商品库存和优惠券会退回。`,
      },
      {
        q: '支持哪些支付方式？',
        a: '在微信内打开时使用微信支付；在手机浏览器中使用微信H5支付；在电脑上打开时扫描二维码支付。',
      },
      {
        q: '付款成功但订单还显示待付款？',
        a: '支付结果可能有几秒延迟，请稍后刷新「我的订单」。如长时间未更新，请联系客服并提供订单号。',
      },
    ],
  },
  {
    id: 'ship',
    title: '发货与物流',
    items: [
      {
        q: '付款后多久发货？',
        a: '一般在付款后48小时内发货，预售商品以商品页标注的发货时间为准。',
      },
      {
        q: '在哪里查看物流？',
        a: '进入「我的订单」，打开已发货的订单，点击「查看物流」即可看到快递公司、运单号和物流轨迹。',
      },
      {
        q: '收到货后需要确认收货吗？',
        a: '收到商品后可以在订单里点击「确认收货」；如未操作，订单会在发货一段时间后自动确认收货。',
      },
    ],
  },
  {
    id: 'refund',
    title: '退款与售后',
    items: [
      {
        q: '怎么申请退款或退货？',
        a: `在订单详情中对商品点击「申请售后」，填写原因并上传照片。确认收货后${returnDays}天内可以申请退货退款。`,
      },
      {
        q: '售后申请的状态是什么意思？',
        a: '「审核中」表示店铺正在处理；「审核通过」后退款会原路退回；「审核失败」会说明原因，可联系客服了解详情。',
      },
      {
        q: '退货运费谁来承担？',
        a: '下单时购买了退货运费险的订单，退货运费由保险赔付；商品质量问题的退货运费由店铺承担。',
      },
    ],
  },
  {
    id: 'coupon',
    title: '优惠券',
    items: [
      {
        q: '在哪里领取优惠券？',
        a: '在「领券中心」、商品页的「领券」和首页弹出的优惠券中领取，领取后可在「我的优惠券」里查看。',
      },
      {
        q: '为什么优惠券用不了？',
        a: '请查看券的使用门槛（如满199元可用）、适用商品和有效期；不满足条件或已过期的券在结算页不可选。',
      },
      {
        q: '退款后优惠券会退回吗？',
        a: '未支付被取消的订单，优惠券会退回账户（已过期的券退回后即失效）；已支付订单退款按实付金额原路退回，优惠券抵扣的部分不退现金。',
      },
    ],
  },
  {
    id: 'keeper',
    title: '店主佣金',
    items: [
      {
        q: '分享商品怎么赚佣金？',
        a: `成为店主后分享商品或活动，好友通过你的链接进店会与你绑定${ATTRIBUTION_DAYS}天，期间下单的商品你都可以获得佣金。`,
      },
      {
        q: '佣金什么时候到账？',
        a: '好友付款后佣金先计入「待结算」；订单完成且过了售后期后转为「可提现」，发生退款的部分不计佣金。',
      },
      {
        q: '怎么提现？',
        a: `在「我的钱包」绑定本人银行卡后即可申请提现，单笔不低于${formatYuan(MIN_WITHDRAWAL_CENTS)}元，审核通过后打款到银行卡。`,
      },
    ],
  },
];
