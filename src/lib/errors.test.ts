import { describe, expect, it } from 'vitest';
import { ErrorAreas, Errors } from './errors.ts';
import { classifyAnswer, type AnswerContext } from '#lib/platform/answers.ts';
import { fail } from '#lib/platform/envelope.ts';
import { appError, type ErrorEntry } from '#lib/platform/errors.ts';

/** The codes and HTTP statuses the client acts on (commerce §8, shell/answers.ts). */
const SUCCESS_CODES = [0, 200];
const LOGIN_INVALID_CODES = [100006, 401, 403];
const SESSION_CODES = [999999, 999998];
const SHOP_OPENS_CODE = 998;
const CRAWLER_CODE = 50001;
const MAINTENANCE_STATUS = 588;

/** The only entries allowed to use a code the client acts on. */
const OWNERS: Record<string, number> = { NOT_LOGGED_IN: 100006, MAINTENANCE: MAINTENANCE_STATUS };

const entries = Object.entries(Errors) as [string, ErrorEntry][];
const browser: AnswerContext = {
  inApp: false,
  routeName: 'productDetail',
  loginHere: undefined,
  pageUrl: new URL('http://shop.test/productDetail?shopId=1001'),
};

describe('the error catalogue', () => {
  it('gives every name to one area only', () => {
    const names = Object.values(ErrorAreas).flatMap((area) => Object.keys(area));
    expect(names.length).toBe(new Set(names).size);
    expect(Object.keys(Errors)).toHaveLength(names.length);
  });

  it('never reuses a code the client acts on for another refusal', () => {
    const acted = [
      ...SUCCESS_CODES,
      ...LOGIN_INVALID_CODES,
      ...SESSION_CODES,
      SHOP_OPENS_CODE,
      CRAWLER_CODE,
      MAINTENANCE_STATUS,
    ];
    for (const [name, entry] of entries) {
      if (name in OWNERS) expect(entry.code, name).toBe(OWNERS[name]);
      else expect(acted, name).not.toContain(entry.code);
      const status = appError(entry).status;
      if (name !== 'MAINTENANCE') expect(status, name).not.toBe(MAINTENANCE_STATUS);
    }
  });

  it('never answers code 500 with the login-invalid text', () => {
    for (const [name, entry] of entries) {
      if (entry.code === 500) expect(entry.message, name).not.toBe('用户未登录');
    }
  });

  it('reaches the browser as an error toast, except logged out and maintenance', () => {
    for (const [name, entry] of entries) {
      const error = appError(entry);
      const action = classifyAnswer(error.status, fail(error.code, error.message), browser);
      if (name === 'NOT_LOGGED_IN') expect(action.kind).toBe('login-web');
      else if (name === 'MAINTENANCE') expect(action.kind).toBe('maintenance');
      else
        expect(action, name).toEqual({ kind: 'error', code: entry.code, message: entry.message });
    }
  });

  it('keeps the specification texts of the refusals', () => {
    expect(Errors.NOT_LOGGED_IN).toEqual({ code: 100006, message: '用户未登录' });
    expect(Errors.OUT_OF_STOCK).toEqual({ code: 40903, message: '库存不足' });
    expect(Errors.PHONE_ALREADY_BOUND.message).toBe('该手机号已绑定账户，请绑定其他手机号');
    expect(Errors.SWITCH_TO_MANAGER.message).toBe('请切换为管理员身份操作');
    expect(appError(Errors.CROSS_SITE).status).toBe(403);
    expect(appError(Errors.CROSS_SITE).code).toBe(40302);
  });
});
