/**
 * THE route table: every route name of both specifications with every fact about the route: its
 * path, title, login flag, roles, tab-bar and keep-alive flags, and how the shell treats it (login
 * popup, floating buttons, back icon, poster gate, role switch). It drives the guard, the tab bar,
 * keep-alive, the floating buttons, tracking codes (spm) and the sitemap. Isomorphic: no I/O.
 */

export type RoleLetter = 'C' | 'M' | 'D';

/**
 * The floating helper group (commerce §2): `none`; the top button only; top and home (the
 * default); top and cart. The top button shows beyond two viewport heights wherever the group does.
 */
export type HelperGroup = 'none' | 'top' | 'home' | 'cart';

export interface RouteDef<Name extends string = RouteName> {
  name: Name;
  /** Path pattern; `:param` marks a path parameter. */
  path: string;
  title: string;
  login: boolean;
  /** Who may open it; empty means everyone. */
  roles: readonly RoleLetter[];
  tabBar: boolean;
  keepAlive: boolean;
  /** The page's tracking code, carried on as refSpm by links it builds. */
  spm: string;
  /** Listed in the shop's sitemap: an open page worth finding from a search engine. */
  sitemap: boolean;
  /** A logged-out visitor gets the login popup here instead of the login page (commerce §2, §9). */
  loginPopup: boolean;
  /** The login form itself: never a place to return to after logging in, no contract prompt. */
  loginForm: boolean;
  helpers: HelperGroup;
  /** Shows the floating back icon (shell §2). */
  backIcon: boolean;
  /** Plain browsers get the shop poster instead (commerce §2 route guard). */
  posterOnly: boolean;
  /** Opening it while not manager switches to manager when the user may be one (shell §6). */
  switchesToManager: boolean;
  /**
   * The notice strip may show the coupon notice here (shell §4): not while ordering or paying,
   * in live rooms, on invoices, agreements and login forms, nor on the coupon pages themselves.
   */
  couponNotice: boolean;
}

interface Options {
  path?: string;
  login?: boolean;
  roles?: readonly RoleLetter[];
  tabBar?: boolean;
  keepAlive?: boolean;
  sitemap?: boolean;
  loginPopup?: boolean;
  loginForm?: boolean;
  helpers?: HelperGroup;
  backIcon?: boolean;
  posterOnly?: boolean;
  switchesToManager?: boolean;
  couponNotice?: boolean;
}

const ALL: readonly RoleLetter[] = ['C', 'M', 'D'];
const D: readonly RoleLetter[] = ['D'];
const M: readonly RoleLetter[] = ['M'];

/** No floating helpers (commerce §2): product detail, login, registration, protocol, venue … */
const NO_HELPERS: Options = { helpers: 'none' };
/** Pages the coupon notice stays off (shell §4 blacklist). */
const NO_NOTICE: Options = { couponNotice: false };
/** The login pages: no helpers, no back icon, and never a page to return to. */
const LOGIN_FORM: Options = {
  loginForm: true,
  helpers: 'none',
  backIcon: false,
  couponNotice: false,
};
/** Live rooms: a visitor logs in with the popup, and the room has no floating helpers. */
const LIVE_ROOM: Options = {
  login: true,
  loginPopup: true,
  helpers: 'none',
  couponNotice: false,
};

type Row<Name extends string> = readonly [name: Name, title: string, options?: Options];

function group<const Name extends string>(
  defaults: Options,
  rows: readonly Row<Name>[],
): RouteDef<Name>[] {
  return rows.map(([name, title, options = {}]) => {
    const o = { ...defaults, ...options };
    return {
      name,
      path: o.path ?? `/${name}`,
      title,
      login: o.login ?? false,
      roles: o.roles ?? [],
      tabBar: o.tabBar ?? false,
      keepAlive: o.keepAlive ?? false,
      spm: `h5.${name}`,
      sitemap: o.sitemap ?? false,
      loginPopup: o.loginPopup ?? false,
      loginForm: o.loginForm ?? false,
      helpers: o.helpers ?? 'home',
      backIcon: o.backIcon ?? true,
      posterOnly: o.posterOnly ?? false,
      switchesToManager: o.switchesToManager ?? false,
      couponNotice: o.couponNotice ?? true,
    };
  });
}

const TABLE = [
  // Tabs and their neighbours.
  ...group({}, [
    [
      'index',
      '首页',
      { tabBar: true, keepAlive: true, sitemap: true, helpers: 'cart', backIcon: false },
    ],
    [
      'order',
      '我的订单',
      { login: true, roles: ALL, tabBar: true, helpers: 'cart', backIcon: false, ...NO_NOTICE },
    ],
    ['my', '我的', { login: true, roles: ALL, tabBar: true, helpers: 'cart', backIcon: false }],
    ['service', '客服', { login: true, roles: ALL, tabBar: true, helpers: 'top' }],
  ]),

  // Open to everyone (commerce §2).
  ...group({}, [
    ['search', '搜索', { keepAlive: true }],
    ['img-search', '拍照搜同款'],
    ['brand', '品牌特卖', { keepAlive: true }],
    ['productDetail', '商品详情', NO_HELPERS],
    ['businessProductDetail', '商品详情', NO_HELPERS],
    ['forcast', '即将开抢', { sitemap: true }],
    ['brandList', '品牌特卖', { keepAlive: true, sitemap: true }],
    ['activity404', '活动已结束'],
    ['businessVenue404', '会场已下线', NO_HELPERS],
    ['product404', '商品已下架'],
    ['compose', '搭配购'],
    ['coupon-rules', '优惠券规则'],
    ['promotion', '促销活动'],
    ['top-list', '热销榜单', { sitemap: true }],
    ['seckill-list', '限时秒杀'],
    ['landingPage', '活动专题'],
    ['bannerLanding', '活动专题'],
    ['eastGate', '东门会场', NO_HELPERS],
    ['presale-fresh', '生鲜预售'],
    ['presale-factory', '工厂预售'],
    ['recommendAgent', '推荐店主'],
    ['recommendAgentList', '推荐店主列表'],
    ['allBuying', '全球购'],
    ['commonActivity', '活动', { keepAlive: true }],
    ['register', '申请开店', { ...NO_HELPERS, posterOnly: true }],
    ['orderPosterEnv', '开店海报', NO_HELPERS],
    ['superMarket', '超市会场', NO_HELPERS],
    ['businessVenue', '品牌会场', NO_HELPERS],
    ['hailan', '品牌专场'],
    ['baili', '品牌专场'],
    ['baojie', '品牌专场'],
    ['moco2020', '品牌专场'],
    ['preheat', '活动预热'],
    ['monthly-bill', '月度账单'],
    ['settlement-bill', '结算账单'],
    ['monthly-bill-search', '账单查询'],
    ['legal-protocol', '法律协议', { ...NO_HELPERS, ...NO_NOTICE }],
    [
      'legal-protocol-type',
      '法律协议',
      { ...NO_HELPERS, ...NO_NOTICE, path: '/legal-protocol/:type' },
    ],
    ['commitment', '承诺书', { ...NO_HELPERS, ...NO_NOTICE }],
    ['complianceLandingPage', '合规说明'],
    ['complianceDoc', '合规文件', NO_HELPERS],
    ['orderSearch', '订单查询'],
    ['insideTips', '店铺公告', NO_HELPERS],
    ['superbrand', '超级品牌', { sitemap: true }],
    ['lotteryRecords', '中奖记录'],
    ['businessLicense', '营业执照'],
    ['materialCollection', '素材库'],
    ['officialMaterial', '官方素材'],
    ['talentMaterial', '达人素材'],
    ['shareMaterial', '分享素材'],
    ['goodsOfNpieceXfold', 'N件X折'],
    ['cancelNpieceXfoldGoods', 'N件X折'],
    ['login', '登录', LOGIN_FORM],
    ['login_web', '登录', LOGIN_FORM],
    ['registrationProtocol', '用户注册协议', { ...NO_HELPERS, ...NO_NOTICE }],
    ['userPrivacyPolicy', '隐私政策', { ...NO_HELPERS, ...NO_NOTICE }],
    ['phoneLogin', '手机号登录', LOGIN_FORM],
  ]),

  // Login required, customers, managers and distributors (commerce §2).
  ...group({ login: true, roles: ALL }, [
    ['cart', '购物车', { ...NO_HELPERS, ...NO_NOTICE }],
    ['orderDetail', '订单详情', NO_NOTICE],
    ['cancel', '取消订单', NO_NOTICE],
    ['logisticsDetail', '物流详情', NO_NOTICE],
    ['afterSale', '申请售后', { ...NO_HELPERS, ...NO_NOTICE }],
    ['afterSaleDetail', '售后详情', NO_NOTICE],
    ['address', '编辑地址'],
    ['addressList', '收货地址'],
    ['address-search', '搜索地址'],
    ['success', '支付成功', { ...NO_HELPERS, ...NO_NOTICE }],
    ['confirmationOrder', '确认订单', { ...NO_HELPERS, ...NO_NOTICE }],
    ['checkout', '收银台', { ...NO_HELPERS, ...NO_NOTICE }],
    ['authname', '实名认证'],
    ['application', '申请'],
    ['authname-change', '修改实名信息'],
    ['wishList', '心愿单'],
    ['coupon', '我的优惠券', NO_NOTICE],
    ['coupon-invalid', '失效优惠券', NO_NOTICE],
    ['select-coupon', '选择优惠券', NO_NOTICE],
    ['offer-order', '优惠订单'],
    ['coupon-offer-list', '可用商品'],
    ['coupon-center', '领券中心', { keepAlive: true }],
    ['receive-coupon', '领取优惠券'],
    ['receive-coupon-frompay', '领取优惠券'],
    ['customer-contribution', '客户贡献'],
    ['agent-recommend', '推荐有礼'],
    ['recommend-list', '推荐记录'],
    ['open-envelopes', '拆红包'],
    ['applyForAdmin', '申请管理员', { ...NO_HELPERS, posterOnly: true }],
    ['registerAgent', '注册店主', NO_HELPERS],
    ['registerAgentProcess', '注册进度', NO_HELPERS],
    ['registerSuccess', '注册成功', NO_HELPERS],
    ['bill2019', '年度账单'],
    ['invitation', '邀请好友'],
    ['rewardDetail', '奖励明细'],
    ['crawler', '访问受限', { ...NO_HELPERS, ...NO_NOTICE }],
  ]),

  // Distributors only (commerce §2, shell wallet and settings groups).
  ...group({ login: true, roles: D }, [
    ['agent', '店主中心'],
    ['distributorOrder', '推广订单'],
    ['distributorOrderDetail', '推广订单详情'],
    // The shop owner's review of after-sales (the page refuses a distributor who is not the owner).
    ['shopAfterSales', '售后审核'],
    // The review of withdrawals: the owner decides the keepers', the managers the owner's own
    // (decision 042); refused to anybody else.
    ['withdrawalReview', '提现审核', { roles: ['D', 'M'] }],
    // The owner's invoices and settings (the page refuses a distributor who is not the owner).
    ['shopInvoices', '开票管理', NO_NOTICE],
    ['income', '我的收益'],
    ['historyIncome', '历史收益'],
    ['incomeDetail', '收益明细'],
    ['distributorCompose', '店主搭配'],
    ['wallet', '我的钱包'],
    ['cash', '申请提现'],
    ['cashDetail', '交易详情', { path: '/cash/:id' }],
    ['certification', '店主认证'],
    ['card', '银行卡'],
    ['schoolIndex', '店主学院'],
    ['schoolDetail', '课程详情'],
    ['schoolRoleC', '店主学院'],
    ['shop-data', '数据中心'],
    ['customer', '我的客户'],
    ['customer-detail', '客户详情', { path: '/customer/:id' }],
    ['store-setting', '店铺设置'],
    ['im-setting', '咨询二维码设置'],
    ['rank-c', '客户贡献排行'],
    // The business licence the shop shows (businessLicense), entered by the shop's owner, whichever
    // role they are in; the page refuses anybody else (issue #29 item 7).
    ['license-setting', '营业执照信息', { roles: ['D', 'M'], ...NO_NOTICE }],
  ]),

  // Managers only.
  ...group({ login: true, roles: M }, [
    ['hideProduct', '隐藏的品牌'],
    ['decoration', '店铺装修', { tabBar: true, switchesToManager: true }],
    ['skin', '皮肤详情'],
    ['feature-setting', '功能设置'],
    ['global-add-price', '全局加价'],
    // New versions of the shop's agreements (issue #29 item 7).
    ['agreement-setting', '协议管理', NO_NOTICE],
  ]),

  ...group({}, [['distributorUnbinding', '解除店主绑定', { path: '/distributor/unbinding' }]]),

  // Live and school (shell §2).
  ...group(NO_NOTICE, [
    ['live-channel', '直播频道', { login: true, keepAlive: true }],
    ['living', '直播间', LIVE_ROOM],
    ['live-preheat', '直播预告', LIVE_ROOM],
    ['live-review', '直播回放', LIVE_ROOM],
    ['live-end', '直播已结束', LIVE_ROOM],
    ['radio-live-channel', '电台', { login: true }],
    ['school-live-channel', '学院直播', { login: true }],
    ['school-hot-course', '热门课程', { login: true }],
    ['school-living', '学院直播间'],
    ['school-live-preheat', '学院直播预告'],
    ['school-live-review', '学院直播回放'],
    ['school-live-end', '学院直播已结束'],
    ['live-activity-rules', '活动规则'],
    ['live-competition', '明星计划'],
    ['live-product-list', '商品列表'],
  ]),

  // Customer service.
  ...group({}, [
    ['faq', '常见问题'],
    ['im-qr', '咨询店主', { login: true, roles: ALL }],
    // A chat: nothing slides in over the conversation.
    ['im-index', '在线咨询', { login: true, roles: ALL, ...NO_NOTICE }],
  ]),

  // Invoices and freight insurance (login, C/M/D, no tab bar).
  ...group({ login: true, roles: ALL, ...NO_NOTICE }, [
    ['freightInsurance', '运费险'],
    ['insuranceExplain', '运费险说明'],
    ['invoiceApply2', '申请发票'],
    ['invoiceDetail2', '发票详情'],
    ['invoiceApplyRecord', '开票记录'],
    ['invoiceLogistics', '发票物流'],
    ['invoiceApply', '申请发票'],
    ['invoiceDetail', '发票详情'],
    ['invoicePreview', '发票预览'],
    ['invoiceError', '开票失败'],
    ['paperInvoiceDetail', '纸质发票详情'],
    ['wuyouIntro', '无忧购'],
    ['wuyouDetail', '无忧购', { path: '/wuyouIntro/detail' }],
  ]),

  // Activities (no tab bar).
  ...group({}, [
    ['oushili2020', '品牌团购日'],
    ['oulaiya', '品牌团购日'],
    ['xingyou', '品牌团购日'],
    ['rec-task', '推荐任务'],
    ['rec-c-detail', '推荐详情'],
    ['rec-e-a', '邀请新客'],
    ['friendEnvelopes', '好友红包'],
    ['mgm-invitor', '邀请有礼'],
    ['mgm-invited', '好友邀请'],
    ['mgm-invited-history', '邀请记录'],
    ['mgm-record-detail-list', '奖励记录'],
    ['newPersonPage', '新人专区'],
    ['mgm-invited-record', '受邀记录'],
    ['DIY-activity', '专题活动'],
  ]),

  // Enterprise cards (open).
  ...group({}, [
    ['enterprise-card', '企业银行卡', { path: '/shop/enterprise-card' }],
    ['enterprise-card-form', '填写企业银行卡', { path: '/shop/enterprise-card-form' }],
    ['enterprise-card-validate', '验证企业银行卡', { path: '/shop/enterprise-card-validate' }],
    ['enterprise-card-error', '验证失败', { path: '/shop/enterprise-card-error' }],
  ]),

  // Shop certification (open, no tab bar): agreements and forms, no coupon notice.
  ...group(NO_NOTICE, [
    ['shop-certification', '店铺认证', { path: '/shop/certification' }],
    ['real-name', '实名认证'],
    ['individual-index', '个体工商户认证'],
    ['individual-protocol', '个人店主认证协议'],
    ['individual-protocol-detail', '协议详情'],
    ['ind-com-protocol', '个体工商户认证协议'],
    ['ind-com-protocol-detail', '协议详情'],
    ['temperary-protocol', '临时经营协议'],
    ['temperary-protocol-detail', '协议详情'],
    ['personal', '个人认证'],
    ['personal-view', '个人认证信息', { path: '/personal/view' }],
    ['enterprise', '企业认证'],
    ['enterprise-view', '企业认证信息', { path: '/enterprise/view' }],
    ['individual', '个体工商户认证'],
    ['individual-view', '个体工商户认证信息', { path: '/individual/view' }],
    ['taxGrcDetail', '税务详情'],
    ['individual-bind-card', '绑定银行卡', { path: '/individual/bind-card' }],
    ['individual-taxBankAggrement', '银行账户服务协议', { path: '/individual/taxBankAggrement' }],
    ['taxBankCommitment', '收款账户承诺书'],
    ['taxIndividualProtocol', '个人税务代办协议'],
    ['unbindTransfer', '解绑余额处理说明'],
    ['unbindInstruction', '个人店主解绑说明'],
    ['unbindAgreement', '店主解绑协议'],
    ['unbindInstructionEnt', '企业店主解绑说明'],
  ]),

  // Other routes.
  ...group({}, [
    ['editForward', '编辑转发文案'],
    ['studytour', '游学', { keepAlive: true }],
    ['studytour-detail', '游学详情', { path: '/studytour/detail', keepAlive: true }],
    ['studytour-detail-live', '游学直播', { path: '/studytour/detail/live', keepAlive: true }],
    [
      'studytour-detail-album',
      '游学相册',
      { path: '/studytour/detail/tag/album', keepAlive: true },
    ],
    ['material-detail', '素材详情', { path: '/material/detail' }],
    ['material-live', '直播素材'],
    ['pintuanToB', '店铺拼团'],
    ['pintuanToB-list', '拼团列表'],
    ['pintuanToB-list2', '拼团列表'],
    ['pintuanToB-detail', '拼团详情'],
    ['pintuanToB-my', '我的拼团'],
    ['pintuan-detail', '拼团详情', { path: '/pintuan/detail' }],
    ['pintuan-my', '我的拼团', { path: '/pintuan/my' }],
  ]),
];

/** Every route name of the table: a misspelt name in a link fails the type check. */
export type RouteName = (typeof TABLE)[number]['name'];

export const ROUTES: readonly RouteDef[] = TABLE;

const BY_NAME = new Map<string, RouteDef>(ROUTES.map((r) => [r.name, r]));

/** Whether a name read at run time (a query, stored data) is one of the table's. */
export function isRouteName(name: string): name is RouteName {
  return BY_NAME.has(name);
}

export function routeByName(name: string): RouteDef | undefined {
  return BY_NAME.get(name);
}

/** How a page lets a shopper log in where they are, as the page tells the browser (answers.ts). */
export type LoginHere = 'form' | 'popup' | undefined;

export function loginHere(route: RouteDef): LoginHere {
  return route.loginForm ? 'form' : route.loginPopup ? 'popup' : undefined;
}

/** The route a path belongs to, with its path parameters. */
export function matchRoute(
  pathname: string,
): { route: RouteDef; params: Record<string, string> } | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const route of ROUTES) {
    const params = matchPattern(route.path, path);
    if (params) return { route, params };
  }
  return undefined;
}

function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) {
      if (g === '') return undefined;
      try {
        params[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return undefined;
      }
    } else if (w !== g) return undefined;
  }
  return params;
}

/** Fills a route's path parameters; a missing one is an error, not a broken link. */
export function routePath(route: RouteDef, params: Record<string, string | number> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '')
      throw new Error(`Route ${route.name} needs the path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
