import { describe, expect, it } from 'vitest';
import { routeByName } from '#lib/platform/routes.ts';
import {
  canonicalLocation,
  guardRoute,
  stripMessagingQuery,
  type GuardInput,
} from './navigation.ts';

const at = (path: string) => new URL(path, 'https://shop.test');
const guard = (name: string, path: string, extra: Partial<GuardInput> = {}) =>
  guardRoute({
    url: at(path),
    route: routeByName(name)!,
    inApp: false,
    loggedIn: false,
    role: 'C',
    mayManage: false,
    ...extra,
  });

describe('canonicalLocation', () => {
  it('strips the messaging app query with a redirect, keeping everything else', () => {
    expect(
      canonicalLocation(
        at('/brand?shopId=1001&from=singlemessage&scene=1&subscene=2&clicktime=3&x=1'),
        undefined,
        '1001',
      ),
    ).toBe('/brand?shopId=1001&x=1');
    expect(stripMessagingQuery(at('/index?shopId=1001'))).toBeNull();
  });

  it('keeps the shop’s own from markers: qrcode (skips the version check) and cart', () => {
    expect(canonicalLocation(at('/index?shopId=1001&from=qrcode'), undefined, '1001')).toBeNull();
    expect(
      canonicalLocation(at('/confirmationOrder?shopId=1001&from=cart'), undefined, '1001'),
    ).toBeNull();
  });

  it('puts the shop into a URL without one: stored context, else default', () => {
    expect(canonicalLocation(at('/brand?activityNo=A1'), '1002', '1001')).toBe(
      '/brand?activityNo=A1&shopId=1002',
    );
    expect(canonicalLocation(at('/brand'), undefined, '1001')).toBe('/brand?shopId=1001');
    expect(canonicalLocation(at('/brand?shopId=1001'), '1002', '1001')).toBeNull();
  });
});

describe('guardRoute', () => {
  it('sends shopNotice=ON to insideTips and stores the original URL', () => {
    expect(guard('brand', '/brand?shopId=1001&shopNotice=ON')).toEqual({
      kind: 'redirect',
      location: '/insideTips?shopId=1001&shopNotice=ON',
      storeReturn: '/brand?shopId=1001&shopNotice=OFF',
    });
    expect(guard('insideTips', '/insideTips?shopId=1001&shopNotice=ON')).toEqual({
      kind: 'render',
      needLoginPopup: false,
    });
  });

  it('sends a visitor to insideTips when the shop’s notice is due, storing the URL as it was', () => {
    expect(guard('brand', '/brand?shopId=1001&activityNo=A1', { noticeDue: true })).toEqual({
      kind: 'redirect',
      location: '/insideTips?shopId=1001&activityNo=A1',
      storeReturn: '/brand?shopId=1001&activityNo=A1',
    });
    expect(guard('insideTips', '/insideTips?shopId=1001', { noticeDue: true })).toEqual({
      kind: 'render',
      needLoginPopup: false,
    });
    expect(guard('brand', '/brand?shopId=1001', { noticeDue: false })).toEqual({
      kind: 'render',
      needLoginPopup: false,
    });
  });

  it('sends register and applyForAdmin to orderPosterEnv in a plain browser only', () => {
    expect(guard('register', '/register?shopId=1001')).toEqual({
      kind: 'redirect',
      location: '/orderPosterEnv?shopId=1001',
    });
    expect(guard('applyForAdmin', '/applyForAdmin?shopId=1001', { loggedIn: true })).toMatchObject({
      location: '/orderPosterEnv?shopId=1001&target=applyForAdmin',
    });
    expect(guard('register', '/register?shopId=1001', { inApp: true })).toEqual({
      kind: 'render',
      needLoginPopup: false,
    });
  });

  it('sends a visitor of a login route to login_web with the route name and query as referrer', () => {
    const decision = guard('wallet', '/wallet?shopId=1001&distributorId=7');
    expect(decision.kind).toBe('redirect');
    const location = new URL((decision as { location: string }).location, 'https://shop.test');
    expect(location.pathname).toBe('/login_web');
    expect(location.searchParams.get('shopId')).toBe('1001');
    expect(location.searchParams.get('distributorId')).toBe('7');
    expect(JSON.parse(location.searchParams.get('referrer')!)).toEqual({
      name: 'wallet',
      query: { shopId: '1001', distributorId: '7' },
    });
  });

  it('inside the messaging app sends a visitor of a login route through member auth, back with rdt=1', () => {
    expect(guard('order', '/order?shopId=1001&distributorId=7', { inApp: true })).toEqual({
      kind: 'redirect',
      location: `/api/member/auth?backUrl=${encodeURIComponent('/order?shopId=1001&distributorId=7&rdt=1')}`,
    });
    // The live pages too: in the app there is no login popup, the app's identity is the login.
    expect(guard('living', '/living?shopId=1001', { inApp: true })).toMatchObject({
      location: `/api/member/auth?backUrl=${encodeURIComponent('/living?shopId=1001&rdt=1')}`,
    });
    // Logged in, or an open route: no detour.
    expect(guard('order', '/order?shopId=1001', { inApp: true, loggedIn: true })).toEqual({
      kind: 'render',
      needLoginPopup: false,
    });
    expect(guard('index', '/index?shopId=1001', { inApp: true })).toEqual({
      kind: 'render',
      needLoginPopup: false,
    });
  });

  it('inside the messaging app, back from member auth still logged out, lands on login_web (no loop)', () => {
    const decision = guard('order', '/order?shopId=1001&rdt=1', { inApp: true });
    expect(decision).toMatchObject({ kind: 'redirect', storeReturn: '/order?shopId=1001&rdt=1' });
    const location = new URL((decision as { location: string }).location, 'https://shop.test');
    expect(location.pathname).toBe('/login_web');
    expect(JSON.parse(location.searchParams.get('referrer')!)).toEqual({
      name: 'order',
      query: { shopId: '1001', rdt: '1' },
    });
    expect(guard('living', '/living?shopId=1001&rdt=1', { inApp: true })).toEqual({
      kind: 'render',
      needLoginPopup: true,
    });
  });

  it('opens the live pages with the login popup instead', () => {
    for (const name of ['living', 'live-preheat', 'live-review', 'live-end'])
      expect(guard(name, `/${name}?shopId=1001`)).toEqual({ kind: 'render', needLoginPopup: true });
  });

  it('refuses a logged-in user whose role the route excludes', () => {
    expect(guard('wallet', '/wallet?shopId=1001', { loggedIn: true, role: 'C' })).toEqual({
      kind: 'refuse',
    });
    expect(guard('wallet', '/wallet?shopId=1001', { loggedIn: true, role: 'D' })).toEqual({
      kind: 'render',
      needLoginPopup: false,
    });
    expect(guard('decoration', '/decoration?shopId=1001', { loggedIn: true, role: 'D' })).toEqual({
      kind: 'refuse',
    });
    expect(guard('index', '/index?shopId=1001', { loggedIn: true, role: 'C' })).toEqual({
      kind: 'render',
      needLoginPopup: false,
    });
  });

  it('switches a user who may manage to manager on decoration, with the toast (shell §6)', () => {
    const mayManage = { loggedIn: true, role: 'D' as const, mayManage: true };
    expect(guard('decoration', '/decoration?shopId=1001', mayManage)).toEqual({
      kind: 'switch-to-manager',
      toast: '已自动为您切换为管理员身份',
    });
    // Only decoration switches; other manager pages refuse as before.
    expect(guard('skin', '/skin?shopId=1001', mayManage)).toEqual({ kind: 'refuse' });
    expect(
      guard('decoration', '/decoration?shopId=1001', { ...mayManage, role: 'M' as const }),
    ).toEqual({ kind: 'render', needLoginPopup: false });
  });
});
