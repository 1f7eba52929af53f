import { describe, expect, it } from 'vitest';
import { Messages } from '#lib/platform/errors.ts';
import type { LinkTarget } from '#lib/platform/links.ts';
import {
  CODE_DIGITS,
  LOGIN_CODE,
  LOGIN_FORM_TTL_MS,
  LOGIN_PHONE,
  MAINLAND_MOBILE,
  PHONE_MAX_DIGITS,
  RESEND_LABEL,
  SEND_COUNTDOWN_SECONDS,
  SEND_LABEL,
  canSubmitLogin,
  countdownLeft,
  freshLoginForm,
  keepDigits,
  loginFailureMessage,
  loginFormKey,
  loginProblem,
  maskPhone,
  parseLoginReferrer,
  sendButtonLabel,
  sendCodeProblem,
  loginDoneLink,
  landingAuthHref,
  landingDoneLink,
} from './login.ts';

describe('the constants of shell §5 and §9', () => {
  it('are the specification’s numbers and words', () => {
    expect(PHONE_MAX_DIGITS).toBe(11);
    expect(CODE_DIGITS).toBe(6);
    expect(SEND_COUNTDOWN_SECONDS).toBe(30);
    expect(RESEND_LABEL).toBe('重新发送');
    expect(SEND_LABEL).toBe('获取验证码');
    expect(LOGIN_FORM_TTL_MS).toBe(30 * 60 * 1000);
  });
});

describe('keepDigits', () => {
  it('keeps digits only', () => {
    expect(keepDigits('138 0000-0001', 11)).toBe('13800000001');
    expect(keepDigits('a1b2c3', 6)).toBe('123');
    expect(keepDigits('+86１３８', 11)).toBe('86');
    expect(keepDigits('', 11)).toBe('');
  });

  it('cuts to the field’s length', () => {
    expect(keepDigits('138000000012345', PHONE_MAX_DIGITS)).toBe('13800000001');
    expect(keepDigits('12345678', CODE_DIGITS)).toBe('123456');
  });
});

describe('canSubmitLogin', () => {
  it('is true only at 11 phone digits and 6 code digits', () => {
    expect(canSubmitLogin('13800000001', '123456')).toBe(true);
    expect(canSubmitLogin('1380000000', '123456')).toBe(false);
    expect(canSubmitLogin('13800000001', '12345')).toBe(false);
    expect(canSubmitLogin('', '')).toBe(false);
    // The rule is about length; the phone pattern is checked when 登录 is tapped.
    expect(canSubmitLogin('23800000001', '123456')).toBe(true);
  });
});

describe('sendCodeProblem (mainland mobile: 1, 3 to 9, 9 digits)', () => {
  it('accepts mainland mobiles', () => {
    for (const phone of ['13000000000', '13800000001', '15912345678', '19999999999'])
      expect(sendCodeProblem(phone), phone).toBeNull();
  });

  it('refuses anything else with 请输入有效的手机号码', () => {
    for (const phone of [
      '',
      '1380000000',
      '12000000000',
      '10000000000',
      '23800000001',
      '138000000012',
    ])
      expect(sendCodeProblem(phone), phone).toBe('请输入有效的手机号码');
    expect(Messages.INVALID_MOBILE).toBe('请输入有效的手机号码');
    expect(MAINLAND_MOBILE.test('11800000001')).toBe(false);
  });
});

describe('loginProblem (1 followed by 10 digits)', () => {
  it('accepts 1 and ten digits, even outside the mainland send pattern', () => {
    expect(loginProblem('13800000001')).toBeNull();
    expect(loginProblem('12000000000')).toBeNull();
  });

  it('refuses anything else with 请输入正确的手机号', () => {
    for (const phone of ['23800000001', '1380000000', '', '138000000012'])
      expect(loginProblem(phone), phone).toBe('请输入正确的手机号');
    expect(LOGIN_PHONE.test('1380000000a')).toBe(false);
    expect(LOGIN_CODE.test('123456')).toBe(true);
    expect(LOGIN_CODE.test('12345')).toBe(false);
  });
});

describe('loginFormKey', () => {
  it('is per shop', () => {
    expect(loginFormKey('1001')).toBe('shop:1001:loginForm');
    expect(loginFormKey('1002')).toBe('shop:1002:loginForm');
  });
});

describe('freshLoginForm', () => {
  const now = 1_700_000_000_000;

  it('gives back a form saved less than 30 minutes ago', () => {
    const stored = { phone: '13800000001', verifyCode: '123456', savedAt: now - 29 * 60_000 };
    expect(freshLoginForm(stored, now)).toEqual(stored);
  });

  it('drops a form 30 minutes old or older', () => {
    expect(
      freshLoginForm(
        { phone: '13800000001', verifyCode: '', savedAt: now - LOGIN_FORM_TTL_MS },
        now,
      ),
    ).toBeNull();
    expect(
      freshLoginForm({ phone: '13800000001', verifyCode: '', savedAt: now - 31 * 60_000 }, now),
    ).toBeNull();
  });

  it('drops a form saved "in the future" and anything not shaped like a form', () => {
    expect(freshLoginForm({ phone: '13800000001', savedAt: now + 1000 }, now)).toBeNull();
    expect(freshLoginForm({ phone: '13800000001' }, now)).toBeNull();
    expect(freshLoginForm({ phone: '13800000001', savedAt: 'yesterday' }, now)).toBeNull();
    expect(freshLoginForm({ phone: '13800000001', savedAt: Number.NaN }, now)).toBeNull();
    expect(freshLoginForm(null, now)).toBeNull();
    expect(freshLoginForm('13800000001', now)).toBeNull();
  });

  it('cleans the fields as if they were typed, and keeps a past send time', () => {
    expect(
      freshLoginForm(
        {
          phone: '138-0000-0001-99',
          verifyCode: 'x1234567',
          savedAt: now - 1000,
          sentAt: now - 5000,
        },
        now,
      ),
    ).toEqual({
      phone: '13800000001',
      verifyCode: '123456',
      savedAt: now - 1000,
      sentAt: now - 5000,
    });
    expect(
      freshLoginForm({ phone: 7, verifyCode: null, savedAt: now, sentAt: now + 5 }, now),
    ).toEqual({
      phone: '',
      verifyCode: '',
      savedAt: now,
    });
  });
});

describe('the send-code countdown', () => {
  const sentAt = 1_700_000_000_000;

  it('counts 30 s down from the send, then stops at 0', () => {
    expect(countdownLeft(sentAt, sentAt)).toBe(30);
    expect(countdownLeft(sentAt, sentAt + 1)).toBe(30);
    expect(countdownLeft(sentAt, sentAt + 1000)).toBe(29);
    expect(countdownLeft(sentAt, sentAt + 29_001)).toBe(1);
    expect(countdownLeft(sentAt, sentAt + 30_000)).toBe(0);
    expect(countdownLeft(sentAt, sentAt + 600_000)).toBe(0);
  });

  it('is 0 before any send and for a send time ahead of the clock', () => {
    expect(countdownLeft(undefined, sentAt)).toBe(0);
    expect(countdownLeft(sentAt + 10_000, sentAt)).toBe(0);
  });

  it('labels the button 获取验证码, then the seconds, then 重新发送', () => {
    expect(sendButtonLabel(0, false)).toBe('获取验证码');
    expect(sendButtonLabel(30, true)).toBe('30s');
    expect(sendButtonLabel(1, true)).toBe('1s');
    expect(sendButtonLabel(0, true)).toBe('重新发送');
  });
});

describe('loginFailureMessage', () => {
  it('shows the server’s message', () => {
    expect(loginFailureMessage(40010, '验证码错误或已失效')).toBe('验证码错误或已失效');
    expect(loginFailureMessage(429, '操作太频繁，请稍后再试')).toBe('操作太频繁，请稍后再试');
  });

  it('else 登录失败', () => {
    expect(loginFailureMessage(400, '')).toBe('登录失败');
    expect(loginFailureMessage(400, undefined)).toBe('登录失败');
    expect(loginFailureMessage(-1, '网络不给力，请稍后再试')).toBe('登录失败');
    expect(loginFailureMessage(500, '系统异常')).toBe('登录失败');
    expect(Messages.LOGIN_FAILED).toBe('登录失败');
  });
});

describe('parseLoginReferrer', () => {
  it('reads the route name and its string query', () => {
    expect(
      parseLoginReferrer(JSON.stringify({ name: 'order', query: { shopId: '1001', tab: '2' } })),
    ).toEqual({ name: 'order', query: { shopId: '1001', tab: '2' } });
    expect(parseLoginReferrer(JSON.stringify({ name: 'my' }))).toEqual({ name: 'my', query: {} });
  });

  it('drops non-string values and a nested referrer', () => {
    expect(
      parseLoginReferrer(JSON.stringify({ name: 'my', query: { a: 1, b: 'x', referrer: '{}' } })),
    ).toEqual({ name: 'my', query: { b: 'x' } });
  });

  it('refuses login pages, malformed and oversized values', () => {
    for (const name of ['login', 'login_web', 'phoneLogin'])
      expect(parseLoginReferrer(JSON.stringify({ name, query: {} })), name).toBeNull();
    expect(parseLoginReferrer(null)).toBeNull();
    expect(parseLoginReferrer('')).toBeNull();
    expect(parseLoginReferrer('{not json')).toBeNull();
    expect(parseLoginReferrer('"order"')).toBeNull();
    expect(parseLoginReferrer(JSON.stringify({ name: '' }))).toBeNull();
    expect(
      parseLoginReferrer(JSON.stringify({ name: 'my', query: { x: 'y'.repeat(2100) } })),
    ).toBeNull();
  });
});

describe('maskPhone', () => {
  it('hides the middle four digits of a full number', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone('1380')).toBe('1380');
  });
});

describe('loginDoneLink', () => {
  const link = (target: LinkTarget) =>
    typeof target === 'string'
      ? target
      : `/${target.name}?${new URLSearchParams(target.query as Record<string, string>).toString()}`;

  it('goes back to the referrer route with its query', () => {
    expect(loginDoneLink(link, JSON.stringify({ name: 'order', query: { status: '10' } }))).toBe(
      '/order?status=10',
    );
  });

  it('goes home without a referrer, with a broken one, or one whose path has parameters', () => {
    expect(loginDoneLink(link, null)).toBe('/index?');
    expect(loginDoneLink(link, '{nope')).toBe('/index?');
    expect(loginDoneLink(link, JSON.stringify({ name: 'legal-protocol-type', query: {} }))).toBe(
      '/index?',
    );
  });
});

describe('landingDoneLink (login, where the messaging app lands after 999999)', () => {
  const link = (target: LinkTarget) =>
    typeof target === 'string'
      ? target
      : `/${target.name}?${new URLSearchParams(target.query as Record<string, string>).toString()}`;
  const referrer = JSON.stringify({ name: 'brand', query: { shopId: '1001', activityNo: 'A1' } });

  it('goes back to the page the answer came from, marked as back from member auth in the app', () => {
    expect(landingDoneLink(link, { referrer, stored: null, inApp: true })).toBe(
      '/brand?shopId=1001&activityNo=A1&rdt=1',
    );
    expect(landingDoneLink(link, { referrer, stored: '/order?shopId=1001', inApp: true })).toBe(
      '/brand?shopId=1001&activityNo=A1&rdt=1',
    );
  });

  it('in a plain browser goes back without the mark', () => {
    expect(landingDoneLink(link, { referrer, stored: null, inApp: false })).toBe(
      '/brand?shopId=1001&activityNo=A1',
    );
  });

  it('without a usable referrer takes the stored return path, else the home', () => {
    expect(
      landingDoneLink(link, { referrer: null, stored: '/order?shopId=1001', inApp: true }),
    ).toBe('/order?shopId=1001&rdt=1');
    expect(landingDoneLink(link, { referrer: '{nope', stored: null, inApp: false })).toBe(
      '/index?',
    );
    const login = JSON.stringify({ name: 'login', query: { shopId: '1001' } });
    expect(landingDoneLink(link, { referrer: login, stored: null, inApp: true })).toBe(
      '/index?rdt=1',
    );
  });
});

describe('landingAuthHref', () => {
  const here = new URL('https://shop.test/login?shopId=1001&referrer=%7B%7D&rdt=1');

  it('asks member auth again, back to this page without rdt', () => {
    expect(landingAuthHref(here, false)).toBe(
      `/api/member/auth?backUrl=${encodeURIComponent('/login?shopId=1001&referrer=%7B%7D')}`,
    );
  });

  it('starting by itself, marks the way back so it never goes round again', () => {
    const fresh = new URL('https://shop.test/login?shopId=1001');
    expect(landingAuthHref(fresh, true)).toBe(
      `/api/member/auth?backUrl=${encodeURIComponent('/login?shopId=1001&rdt=1')}`,
    );
  });
});
