/**
 * Guides (shell §3, §4): the 13 guide tags, what each says, and the order a page shows its
 * guides in. A guide shows once per shop and user — the tag is saved as soon as it was shown —
 * one at a time, and goes after 5 s or a tap. A page marks where a guide points with
 * `data-guide="<tag>"`, and only when the guide applies (the withdraw guide for a shop keeper,
 * the unpaid-order guide when orders wait): a guide without its mark is not shown. Isomorphic.
 */

export const GUIDE_TAGS = [
  'indexFilter',
  'indexCollection',
  'activityMoney',
  'activityShare',
  'productDetailMoney',
  'productDetailShare',
  'myWithdraw',
  'promoteNotPay',
  'myNotPay',
  'shoppingCartNotPay',
  'skinTipGuide',
  'imageSearchTips',
  'memberGuidance',
] as const;
export type GuideTag = (typeof GUIDE_TAGS)[number];

export const GUIDE_AUTO_DISMISS_MS = 5_000;

const UNPAID = '你有待付款的订单，请在12分钟内完成支付，超时订单将自动取消';

export const GUIDE_TEXT: Record<GuideTag, string> = {
  indexFilter: '点这里按分类筛选品牌特卖',
  indexCollection: '点击右上角「···」收藏本店，下次逛店更方便',
  activityMoney: '分享赚：好友通过你的分享下单，你就能赚取佣金',
  activityShare: '点这里把特卖分享给好友',
  productDetailMoney: '这是你分享这件商品可以赚到的佣金',
  productDetailShare: '点这里把商品分享给好友',
  myWithdraw: '收益到账后，可以在这里提现',
  promoteNotPay: UNPAID,
  myNotPay: UNPAID,
  shoppingCartNotPay: '购物车里还有商品等你结算哦',
  skinTipGuide: '店铺换肤在这里，快去装修你的店铺吧',
  imageSearchTips: '拍一张照片，就能找到同款商品',
  memberGuidance: '这里显示你在本店的会员身份',
};

/** The guides of each page, in the order shell §4 gives. */
export const PAGE_GUIDES = {
  index: ['indexFilter', 'indexCollection'],
  brand: ['activityMoney', 'activityShare', 'shoppingCartNotPay'],
  productDetail: ['productDetailMoney', 'productDetailShare', 'shoppingCartNotPay'],
  my: ['skinTipGuide', 'myWithdraw', 'myNotPay', 'memberGuidance'],
  distributorOrder: ['promoteNotPay'],
  'img-search': ['imageSearchTips'],
} as const satisfies Record<string, readonly GuideTag[]>;
export type GuidePage = keyof typeof PAGE_GUIDES;

/**
 * What a page's guides say, as the page carries it (`data-guide-texts`): the browser reads the
 * texts of the page's own guides from the page instead of shipping all thirteen.
 */
export function pageGuideTexts(page: GuidePage): string {
  return JSON.stringify(Object.fromEntries(PAGE_GUIDES[page].map((tag) => [tag, GUIDE_TEXT[tag]])));
}

/**
 * The guides due on a page: in its order, marked on the page, not seen yet, and the cart guide
 * only with something in the cart (shell §4).
 */
export function guidesDue(input: {
  order: readonly GuideTag[];
  marked: ReadonlySet<string>;
  seen: ReadonlySet<string>;
  cartSkuNum: number;
}): GuideTag[] {
  return input.order.filter(
    (tag) =>
      input.marked.has(tag) &&
      !input.seen.has(tag) &&
      (tag !== 'shoppingCartNotPay' || input.cartSkuNum > 0),
  );
}
