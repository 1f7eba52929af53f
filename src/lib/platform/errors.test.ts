import { describe, expect, it } from 'vitest';
import { fail, ok } from './envelope.ts';
import {
  AppError,
  ErrorCode,
  Messages,
  httpStatusFor,
  isLoginInvalid,
  shopStillOpens,
} from './errors.ts';

describe('error catalogue', () => {
  it('holds the codes of both §8 tables', () => {
    expect(ErrorCode).toMatchObject({
      NOT_LOGGED_IN: 100006,
      UNAUTHORIZED: 401,
      FORBIDDEN: 403,
      SERVER_ERROR: 500,
      SESSION_INVALID: 999999,
      SESSION_ALT: 999998,
      SHOP_SPECIAL: 998,
      CRAWLER: 50001,
    });
  });

  it('keeps the specification texts exactly', () => {
    expect(Messages.NOT_LOGGED_IN).toBe('用户未登录');
    expect(Messages.MAINTENANCE).toBe('服务器维护中~');
    expect(Messages.LOGIN_FAILED).toBe('登录失败');
    expect(Messages.CODE_SENT).toBe('验证码已发送，请查收');
    expect(Messages.INVALID_MOBILE).toBe('请输入有效的手机号码');
    expect(Messages.WRONG_PHONE).toBe('请输入正确的手机号');
    expect(Messages.PARAM_MISSING).toBe('参数缺失！');
    expect(Messages.SYSTEM_ERROR).toBe('系统异常');
    expect(Messages.SKIN_CHANGED).toBe('换肤成功');
    expect(Messages.REQUIRED_ARG).toBe('参数为必填项');
    expect(Messages.PHONE_ALREADY_BOUND).toBe('该手机号已绑定账户，请绑定其他手机号');
    expect(Messages.SWITCHED_TO_MANAGER).toBe('已自动为您切换为管理员身份');
    expect(Messages.SWITCH_TO_MANAGER).toBe('请切换为管理员身份操作');
    expect(Messages.OWNER_BOUND).toBe('店主身份绑定成功，你可以管理该店铺。');
    expect(Messages.IMAGE_FAILED).toBe('图片渲染失败');
    expect(Messages.FINGERPRINT_FAILED).toBe('设备指纹获取失败');
  });

  it('recognises the login-invalid answers of commerce §8', () => {
    expect(isLoginInvalid(100006, 'x')).toBe(true);
    expect(isLoginInvalid(401, undefined)).toBe(true);
    expect(isLoginInvalid(403, undefined)).toBe(true);
    expect(isLoginInvalid(500, '用户未登录')).toBe(true);
    expect(isLoginInvalid(500, '系统异常')).toBe(false);
    expect(isLoginInvalid(0, undefined)).toBe(false);
  });

  it('opens the shop on 999999, 999998 and 998 only', () => {
    expect([999999, 999998, 998].every(shopStillOpens)).toBe(true);
    expect([0, 404, 500, 100006].some(shopStillOpens)).toBe(false);
  });

  it('sends caller mistakes as 4xx and business codes as 200', () => {
    expect(httpStatusFor(400)).toBe(400);
    expect(httpStatusFor(404)).toBe(404);
    expect(httpStatusFor(100006)).toBe(200);
    expect(new AppError(ErrorCode.NOT_FOUND, '店铺不存在').status).toBe(404);
  });
});

describe('envelope', () => {
  it('wraps success as code 0', () => {
    expect(ok({ a: 1 })).toEqual({ code: 0, message: 'success', success: true, data: { a: 1 } });
  });
  it('wraps failure with null data', () => {
    expect(fail(404, '店铺不存在')).toEqual({
      code: 404,
      message: '店铺不存在',
      success: false,
      data: null,
    });
  });
});
