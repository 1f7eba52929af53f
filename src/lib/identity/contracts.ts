/**
 * Identity's endpoint contracts (shell §7): SMS login, member auth in the messaging app, the
 * JS-SDK signature, phone binding, and the console provider's outbox.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { Messages } from '#lib/platform/errors.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import { LOGOUT_PATH, MEMBER_AUTH_PATH } from '#lib/platform/answers.ts';
import type { OutboxMessage } from './sms/outbox.server.ts';

export interface LoginResult {
  userId: number;
  /** A path of this site to go back to, or null: then the shop's home. */
  returnTo: string | null;
}

export interface BindPhoneStatus {
  isBindPhone: boolean;
  userDefaultPhone: string | null;
  /** Inside the app without a phone: the intercept (popup, 我的 tab) applies. */
  needIntercept: boolean;
}

export interface JsSdkConfig {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

const phone = z.string().max(32);

export const IdentityContracts = {
  /** A login code (type 2). Never tells whether the phone has an account. */
  sendLoginCode: contract<null>()({
    method: 'POST',
    path: '/api/member/phone/sendCode',
    body: { phone, type: z.literal(2).optional() },
    message: Messages.CODE_SENT,
  }),
  /**
   * Logs in with a code; the server sets the session cookie. `agreedShopId`: the shop whose user
   * agreement and privacy policy the form's 我已阅读并同意 accepted (recorded with the login).
   */
  login: contract<LoginResult>()({
    method: 'POST',
    path: '/api/member/phone/login',
    body: { phone, verifyCode: z.string().max(32), agreedShopId: shopIdSchema.optional() },
  }),
  /** Ends the caller's session and clears its cookies; code 0 even without one. */
  logout: contract<null>()({ method: 'POST', path: LOGOUT_PATH, body: {} }),
  /** Redirects to the messaging app's consent, which comes back to `memberAuthDone`. */
  memberAuth: contract<never>()({
    method: 'GET',
    path: MEMBER_AUTH_PATH,
    query: { backUrl: z.string().max(2000).optional() },
  }),
  /** The messaging app comes back here with ?code=&state= (no code when the user refused). */
  memberAuthDone: contract<never>()({
    method: 'GET',
    path: '/api/auth/{shopId}',
    params: { shopId: shopIdSchema },
    query: {
      code: z.string().max(200).optional(),
      state: z.string().max(100).optional(),
    },
  }),
  signature: contract<JsSdkConfig>()({
    method: 'GET',
    path: '/api/member/signature',
    query: { url: z.string().min(1).max(2000) },
  }),
  bindPhoneCheck: contract<BindPhoneStatus>()({
    method: 'GET',
    path: '/api/member/xdwxh5/member/bindPhone/check',
    access: 'signed-in',
  }),
  /** The messaging app's default phone binds without a code, any other with its code. */
  bindPhone: contract<{ isBindPhone: true; userId: number; merged: boolean }>()({
    method: 'POST',
    path: '/api/member/xdwxh5/member/bindUserPhone',
    body: { phone, verifyCode: z.string().max(32).optional() },
    access: 'signed-in',
    message: Messages.PHONE_BOUND,
  }),
  sendBindCode: contract<null>()({
    method: 'POST',
    path: '/api/member/xdwxh5/member/checkPhone/verifyCode',
    body: { phone },
    access: 'signed-in',
    message: Messages.CODE_SENT,
  }),
  /** The console SMS provider's outbox for one phone, newest first; 404 under any other. */
  smsOutbox: contract<OutboxMessage[]>()({
    method: 'GET',
    path: '/api/dev/sms-outbox',
    query: { phone: z.string().regex(/^\d{11}$/, '请输入11位手机号') },
  }),
};
