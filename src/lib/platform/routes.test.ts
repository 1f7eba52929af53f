import { describe, expect, it } from 'vitest';
import { currentTab, roleAllows, roleLetter, tabsFor } from '#lib/membership/roles.ts';
import { ROUTES, matchRoute, routeByName, type RouteDef } from './routes.ts';

/** Every route name the two specifications mention (paths with parameters by their row names). */
const SPEC_NAMES =
  `index order my service cart coupon coupon-center search brand productDetail insideTips login_web
register phoneLogin orderDetail distributorOrder logisticsDetail orderSearch income incomeDetail brandList superbrand
forcast bannerLanding landingPage eastGate schoolIndex schoolDetail presale-fresh presale-factory allBuying superMarket
businessVenue preheat monthly-bill settlement-bill customer customer-detail shop-data address addressList
address-search checkout confirmationOrder img-search businessProductDetail activity404 businessVenue404 product404
compose coupon-rules promotion top-list seckill-list recommendAgent recommendAgentList commonActivity orderPosterEnv
hailan baili baojie moco2020 monthly-bill-search legal-protocol commitment complianceLandingPage complianceDoc
lotteryRecords businessLicense materialCollection officialMaterial talentMaterial shareMaterial goodsOfNpieceXfold
cancelNpieceXfoldGoods login registrationProtocol userPrivacyPolicy cancel success authname application
authname-change wishList coupon-invalid select-coupon offer-order coupon-offer-list receive-coupon
receive-coupon-frompay customer-contribution agent-recommend recommend-list open-envelopes applyForAdmin
registerAgent registerAgentProcess registerSuccess bill2019 invitation rewardDetail crawler agent
distributorOrderDetail historyIncome distributorCompose wallet cash certification card schoolRoleC hideProduct
live-channel living live-preheat live-review live-end radio-live-channel school-live-channel school-hot-course
school-living school-live-preheat school-live-review school-live-end live-activity-rules live-competition
live-product-list faq im-setting im-qr im-index store-setting decoration skin global-add-price rank-c
distributorUnbinding freightInsurance insuranceExplain invoiceApply2 invoiceDetail2 invoiceApplyRecord
invoiceLogistics invoiceApply invoiceDetail invoicePreview invoiceError paperInvoiceDetail wuyouIntro wuyouDetail
oushili2020 oulaiya xingyou rec-task rec-c-detail rec-e-a friendEnvelopes mgm-invitor mgm-invited
mgm-invited-history mgm-record-detail-list newPersonPage mgm-invited-record DIY-activity real-name individual-index
individual-protocol individual-protocol-detail ind-com-protocol ind-com-protocol-detail temperary-protocol
temperary-protocol-detail personal enterprise individual taxGrcDetail taxBankCommitment taxIndividualProtocol
unbindTransfer unbindInstruction unbindAgreement unbindInstructionEnt editForward studytour material-live
pintuanToB pintuanToB-list pintuanToB-list2 pintuanToB-detail pintuanToB-my`.split(/\s+/);

const SPEC_PATHS = [
  '/cash/7',
  '/customer/7',
  '/legal-protocol/privacy',
  '/distributor/unbinding',
  '/shop/enterprise-card',
  '/shop/enterprise-card-form',
  '/shop/enterprise-card-validate',
  '/shop/enterprise-card-error',
  '/shop/certification',
  '/personal/view',
  '/enterprise/view',
  '/individual/view',
  '/individual/bind-card',
  '/individual/taxBankAggrement',
  '/studytour/detail',
  '/studytour/detail/live',
  '/studytour/detail/tag/album',
  '/material/detail',
  '/pintuan/detail',
  '/pintuan/my',
  '/mgm-invited-record',
];

describe('route table', () => {
  it('has a row for every route name of both specifications', () => {
    expect(SPEC_NAMES.filter((name) => !routeByName(name))).toEqual([]);
  });

  it('matches every path of both specifications', () => {
    expect(SPEC_PATHS.filter((path) => !matchRoute(path))).toEqual([]);
    expect(matchRoute('/cash/7')).toMatchObject({
      route: { name: 'cashDetail' },
      params: { id: '7' },
    });
  });

  it('has unique names and paths', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('declares the roles of shell §6', () => {
    for (const name of ['decoration', 'skin', 'global-add-price', 'hideProduct'])
      expect(routeByName(name)!.roles).toEqual(['M']);
    for (const name of ['im-setting', 'store-setting', 'wallet', 'cash', 'card', 'rank-c'])
      expect(routeByName(name)!.roles).toEqual(['D']);
    for (const name of ['invoiceApply', 'freightInsurance', 'im-qr', 'im-index'])
      expect(routeByName(name)!.roles).toEqual(['C', 'M', 'D']);
  });

  it('requires login where the specifications say so', () => {
    for (const name of [
      'living',
      'live-preheat',
      'live-review',
      'live-end',
      'live-channel',
      'radio-live-channel',
      'school-live-channel',
      'school-hot-course',
      'cart',
      'crawler',
      'wallet',
    ])
      expect(routeByName(name)!.login).toBe(true);
    for (const name of [
      'index',
      'search',
      'brand',
      'productDetail',
      'login_web',
      'faq',
      'insideTips',
    ])
      expect(routeByName(name)!.login).toBe(false);
  });

  it('keeps alive live-channel, commonActivity and studytour', () => {
    for (const name of ['live-channel', 'commonActivity', 'studytour'])
      expect(routeByName(name)!.keepAlive).toBe(true);
  });
});

describe('roles', () => {
  it('reads 4 as manager, 3 as distributor unless disabled, everything else as customer', () => {
    expect(roleLetter({ currentRole: 4, distributorDisable: false })).toBe('M');
    expect(roleLetter({ currentRole: 3, distributorDisable: false })).toBe('D');
    expect(roleLetter({ currentRole: 3, distributorDisable: true })).toBe('C');
    expect(roleLetter({ currentRole: 5, distributorDisable: false })).toBe('C');
    expect(roleLetter(null)).toBe('C');
  });

  it('lets only the declared roles open a route', () => {
    expect(roleAllows(routeByName('wallet')!, 'D')).toBe(true);
    expect(roleAllows(routeByName('wallet')!, 'C')).toBe(false);
    expect(roleAllows(routeByName('index')!, 'C')).toBe(true);
  });

  it('builds the tab bar per role', () => {
    expect(tabsFor(1).map((t) => t.route)).toEqual(['index', 'order', 'my']);
    expect(tabsFor(3).map((t) => t.route)).toEqual(['index', 'order', 'my']);
    expect(tabsFor(4).map((t) => t.label)).toEqual(['首页', '订单', '设置']);
    expect(tabsFor(5).map((t) => t.route)).toEqual(['index', 'order', 'service', 'my']);
    expect(tabsFor(null).map((t) => t.route)).toEqual(['index', 'order', 'my']);
  });

  it('highlights a tab on its own route, and the manager’s 设置 on 我的, which it stands in for', () => {
    expect(currentTab(tabsFor(1), 'my')?.label).toBe('我的');
    expect(currentTab(tabsFor(4), 'my')?.label).toBe('设置');
    expect(currentTab(tabsFor(4), 'decoration')?.label).toBe('设置');
    expect(currentTab(tabsFor(4), 'order')?.label).toBe('订单');
    expect(currentTab(tabsFor(1), 'cart')).toBeNull();
  });
});

describe('route columns', () => {
  const named = (column: (route: RouteDef) => boolean) =>
    ROUTES.filter(column).map((route) => route.name);

  it('opens the login popup on the four live rooms only', () => {
    expect(named((r) => r.loginPopup)).toEqual([
      'living',
      'live-preheat',
      'live-review',
      'live-end',
    ]);
  });

  it('keeps the coupon notice off ordering, paying, live rooms, invoices, agreements and logins', () => {
    const off = named((r) => !r.couponNotice);
    for (const name of [
      'order',
      'orderDetail',
      'cart',
      'confirmationOrder',
      'checkout',
      'success',
      'living',
      'live-end',
      'invoiceApply',
      'invoiceDetail',
      'legal-protocol',
      'registrationProtocol',
      'userPrivacyPolicy',
      'individual-protocol',
      'login_web',
      'coupon',
      'select-coupon',
    ]) {
      expect(off).toContain(name);
    }
    for (const name of ['index', 'my', 'brand', 'productDetail', 'search', 'coupon-center']) {
      expect(off).not.toContain(name);
    }
  });

  it('marks the three login pages as the login form', () => {
    expect(named((r) => r.loginForm)).toEqual(['login', 'login_web', 'phoneLogin']);
  });

  it('sends plain browsers to the poster for register and applyForAdmin', () => {
    expect(named((r) => r.posterOnly)).toEqual(['register', 'applyForAdmin']);
  });

  it('switches to manager on decoration only', () => {
    expect(named((r) => r.switchesToManager)).toEqual(['decoration']);
  });
});
