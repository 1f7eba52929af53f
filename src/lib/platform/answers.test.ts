import { describe, expect, it } from 'vitest';
import {
  SHOP_D_SWITCH_MESSAGE,
  classifyAnswer,
  toastSuppressed,
  type AnswerContext,
} from './answers.ts';
import { loginHere, routeByName } from './routes.ts';

const page = 'https://shop.test/brand?shopId=1001&activityNo=A1';
const here = (routeName: string) => loginHere(routeByName(routeName)!);
const browser = (routeName = 'brand', url = page): AnswerContext => ({
  inApp: false,
  routeName,
  loginHere: here(routeName),
  pageUrl: new URL(url),
});
const inApp = (routeName = 'brand', url = page): AnswerContext => ({
  inApp: true,
  routeName,
  loginHere: here(routeName),
  pageUrl: new URL(url),
});

describe('classifyAnswer (commerce §8)', () => {
  it('passes code 0 and the documented 200 as success', () => {
    expect(classifyAnswer(200, { code: 0 }, browser())).toEqual({ kind: 'ok' });
    expect(classifyAnswer(200, { code: 200 }, browser())).toEqual({ kind: 'ok' });
  });

  it('shows 服务器维护中~ on HTTP 588, or the server message', () => {
    expect(classifyAnswer(588, null, browser())).toEqual({
      kind: 'maintenance',
      message: '服务器维护中~',
    });
    expect(classifyAnswer(588, { code: 588, message: '今晚 2 点维护' }, browser())).toEqual({
      kind: 'maintenance',
      message: '今晚 2 点维护',
    });
  });

  it.each([
    [100006, 'x'],
    [401, 'x'],
    [403, 'x'],
    [500, '用户未登录'],
  ])(
    'in a browser sends code %s (%s) to login_web with the route name and query',
    (code, message) => {
      const action = classifyAnswer(200, { code, message }, browser());
      expect(action).toMatchObject({ kind: 'login-web', clearSession: true });
      const location = new URL((action as { location: string }).location, 'https://shop.test');
      expect(location.pathname).toBe('/login_web');
      expect(location.searchParams.get('shopId')).toBe('1001');
      expect(JSON.parse(location.searchParams.get('referrer')!)).toEqual({
        name: 'brand',
        query: { shopId: '1001', activityNo: 'A1' },
      });
    },
  );

  it('keeps the sharer on the way to login_web, as every link does', () => {
    const context: AnswerContext = {
      inApp: false,
      routeName: 'brand',
      loginHere: here('brand'),
      spm: 'h5.brand',
      pageUrl: new URL('https://shop.test/brand?shopId=1001&distributorId=77&channel=3&spm=a.b'),
    };
    const action = classifyAnswer(200, { code: 100006 }, context) as { location: string };
    const query = new URL(action.location, 'https://shop.test').searchParams;
    expect(query.get('distributorId')).toBe('77');
    expect(query.get('channel')).toBe('3');
    expect(query.get('spm')).toBe('a.b');
    expect(query.get('refSpm')).toBe('h5.brand');
  });

  it('does not send the app round member auth again when it just came back (rdt=1): login instead', () => {
    const context = inApp('brand', 'https://shop.test/brand?shopId=1001&rdt=1');
    const action = classifyAnswer(200, { code: 100006 }, context);
    expect(action).toMatchObject({ kind: 'login-web', clearSession: true });
    const location = new URL((action as { location: string }).location, 'https://shop.test');
    expect(location.pathname).toBe('/login_web');
    expect(location.searchParams.get('shopId')).toBe('1001');
    expect(JSON.parse(location.searchParams.get('referrer')!)).toMatchObject({ name: 'brand' });
    // Already on a login page: stay there.
    for (const route of ['login', 'login_web', 'phoneLogin'])
      expect(
        classifyAnswer(
          200,
          { code: 401 },
          inApp(route, `https://shop.test/${route}?shopId=1001&rdt=1`),
        ),
      ).toEqual({ kind: 'stay' });
  });

  it('does not treat a plain 500 as logged out', () => {
    expect(classifyAnswer(200, { code: 500, message: '系统异常' }, browser())).toEqual({
      kind: 'error',
      code: 500,
      message: '系统异常',
    });
  });

  it('opens the login popup on the live pages instead of redirecting', () => {
    for (const route of ['living', 'live-preheat', 'live-review', 'live-end'])
      expect(classifyAnswer(200, { code: 100006 }, browser(route))).toEqual({
        kind: 'login-popup',
      });
  });

  it('stays on login_web when already there', () => {
    expect(classifyAnswer(200, { code: 401 }, browser('login_web'))).toEqual({ kind: 'stay' });
  });

  it('inside the messaging app redirects to member auth with rdt=1 in the back URL', () => {
    const action = classifyAnswer(200, { code: 100006 }, inApp());
    expect(action).toEqual({
      kind: 'member-auth',
      location: `/api/member/auth?backUrl=${encodeURIComponent('/brand?shopId=1001&activityNo=A1&rdt=1')}`,
    });
  });

  /** The page member auth is told to come back to, from a member-auth location. */
  const landing = (action: ReturnType<typeof classifyAnswer>) => {
    expect(action.kind).toBe('member-auth');
    const location = new URL((action as { location: string }).location, 'https://shop.test');
    expect(location.pathname).toBe('/api/member/auth');
    return new URL(location.searchParams.get('backUrl')!, 'https://shop.test');
  };

  it.each([999999, 999998])(
    'on %s in the app lands on login, which knows the page to come back to',
    (code) => {
      const back = landing(classifyAnswer(200, { code }, inApp()));
      expect(back.pathname).toBe('/login');
      expect(back.searchParams.get('shopId')).toBe('1001');
      expect(back.searchParams.get('refSpm')).toBeNull();
      expect(back.searchParams.has('rdt')).toBe(false);
      expect(JSON.parse(back.searchParams.get('referrer')!)).toEqual({
        name: 'brand',
        query: { shopId: '1001', activityNo: 'A1' },
      });
    },
  );

  it('on 999999 in the app carries the sharer and the tracking marks to login', () => {
    const url = 'https://shop.test/brand?shopId=1001&activityNo=A1&distributorId=77&channel=2';
    const back = landing(
      classifyAnswer(200, { code: 999999 }, { ...inApp('brand', url), spm: 'h5.brand' }),
    );
    expect(back.searchParams.get('distributorId')).toBe('77');
    expect(back.searchParams.get('channel')).toBe('2');
    expect(back.searchParams.get('refSpm')).toBe('h5.brand');
  });

  it('on 999999 / 999998 in the app lands on index when already on login or rdt is set', () => {
    expect(classifyAnswer(200, { code: 999998 }, inApp('login'))).toEqual({
      kind: 'member-auth',
      location: `/api/member/auth?backUrl=${encodeURIComponent('/index?shopId=1001&activityNo=A1')}`,
    });
    expect(classifyAnswer(200, { code: 999999 }, inApp('login_web'))).toMatchObject({
      location: `/api/member/auth?backUrl=${encodeURIComponent('/index?shopId=1001&activityNo=A1')}`,
    });
    expect(
      classifyAnswer(
        200,
        { code: 999999 },
        inApp('brand', 'https://shop.test/brand?shopId=1001&rdt=1'),
      ),
    ).toEqual({
      kind: 'member-auth',
      location: `/api/member/auth?backUrl=${encodeURIComponent('/index?shopId=1001&rdt=1')}`,
    });
  });

  it('on 999999 in the app stays on index just back from member auth (no loop)', () => {
    expect(
      classifyAnswer(
        200,
        { code: 999999 },
        inApp('index', 'https://shop.test/index?shopId=1001&rdt=1'),
      ),
    ).toEqual({ kind: 'stay' });
    // Not yet back from member auth, index lands on login like any page.
    expect(
      landing(
        classifyAnswer(
          200,
          { code: 999999 },
          inApp('index', 'https://shop.test/index?shopId=1001'),
        ),
      ).pathname,
    ).toBe('/login');
  });

  it('on 999999 in the app does nothing when the shop is unknown', () => {
    expect(
      classifyAnswer(200, { code: 999999 }, inApp('brand', 'https://shop.test/brand')),
    ).toEqual({ kind: 'stay' });
    expect(
      classifyAnswer(200, { code: 999998 }, inApp('brand', 'https://shop.test/brand?shopId=')),
    ).toEqual({ kind: 'stay' });
  });

  it('on 999999 in a browser goes to login_web', () => {
    expect(classifyAnswer(200, { code: 999999 }, browser())).toMatchObject({ kind: 'login-web' });
  });

  it('replaces the page with crawler on 50001, keeping the query', () => {
    expect(classifyAnswer(200, { code: 50001, message: 'x' }, browser())).toEqual({
      kind: 'crawler',
      location: '/crawler?shopId=1001&activityNo=A1',
    });
  });

  it('passes other failures on with their message, or 系统异常', () => {
    expect(classifyAnswer(200, { code: 404, message: '店铺不存在' }, browser())).toEqual({
      kind: 'error',
      code: 404,
      message: '店铺不存在',
    });
    expect(classifyAnswer(502, null, browser())).toEqual({
      kind: 'error',
      code: 502,
      message: '系统异常',
    });
  });
});

describe('toast suppression (shell §5)', () => {
  it('hides 用户未登录 in plain browsers only', () => {
    expect(toastSuppressed('用户未登录', false)).toBe(true);
    expect(toastSuppressed('用户未登录', true)).toBe(false);
  });
  it('always hides the shop D switch message', () => {
    expect(toastSuppressed(SHOP_D_SWITCH_MESSAGE, true)).toBe(true);
    expect(toastSuppressed(SHOP_D_SWITCH_MESSAGE, false)).toBe(true);
    expect(toastSuppressed('店铺不存在', false)).toBe(false);
  });
});
