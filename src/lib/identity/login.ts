/**
 * The login rules of shell §5 and §9, shared by the login form (browser) and the server's input
 * checks, so both sides refuse the same things with the same words.
 */
import { isRouteName, routeByName, type RouteName } from '#lib/platform/routes.ts';
import { Messages } from '#lib/platform/errors.ts';
import type { LinkTarget } from '#lib/platform/links.ts';
import { shopKey } from '#lib/platform/storage-keys.ts';
import { RETURNED_FROM_AUTH, memberAuthUrl } from '#lib/platform/answers.ts';

export const PHONE_MAX_DIGITS = 11;
export const CODE_DIGITS = 6;
/** The send-code button counts down this long, then reads 重新发送. */
export const SEND_COUNTDOWN_SECONDS = 30;
export const RESEND_LABEL = '重新发送';
/** A stored login form is autofilled while younger than this. */
export const LOGIN_FORM_TTL_MS = 30 * 60_000;

/** Sending a code needs a mainland mobile number: 1, then 3 to 9, then 9 digits. */
export const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
/** Logging in needs 1 followed by 10 digits. */
export const LOGIN_PHONE = /^1\d{10}$/;
export const LOGIN_CODE = /^\d{6}$/;

/** Server-side life of a code (commerce/identity issue): 6 digits, 5 minutes, single use. */
export const SMS_CODE_TTL_MS = 5 * 60_000;
/**
 * Wrong tries are limited per client and code, with a higher ceiling per code (decision 014): a
 * client that made 5 wrong tries at a code is locked out of it, and the code keeps working for
 * the others until all clients together made 20.
 */
export const SMS_MAX_WRONG_PER_CLIENT = 5;
export const SMS_MAX_WRONG_PER_CODE = 20;
/**
 * The server refuses a resend exactly as long as the button counts down (decision 010), to the
 * same phone from the same client (decision 014).
 */
export const SMS_RESEND_INTERVAL_MS = SEND_COUNTDOWN_SECONDS * 1000;
/** Sends per phone and requesting client, per phone from all clients, per client (decision 014). */
export const SMS_MAX_PER_PHONE_AND_CLIENT_PER_HOUR = 5;
export const SMS_MAX_PER_PHONE_PER_HOUR = 10;
export const SMS_MAX_PER_CLIENT_PER_HOUR = 20;

/** What an input keeps of what was typed: digits only, cut to the field's length. */
export function keepDigits(value: string, max: number): string {
  return value.replace(/\D+/g, '').slice(0, max);
}

/** The login button is enabled only at 11 phone digits and 6 code digits. */
export function canSubmitLogin(phone: string, code: string): boolean {
  return phone.length === PHONE_MAX_DIGITS && code.length === CODE_DIGITS;
}

/** The message refusing a send-code request, or null when the phone may receive a code. */
export function sendCodeProblem(phone: string): string | null {
  return MAINLAND_MOBILE.test(phone) ? null : Messages.INVALID_MOBILE;
}

/** The message refusing a login, or null when the phone passes the login rule. */
export function loginProblem(phone: string): string | null {
  return LOGIN_PHONE.test(phone) ? null : Messages.WRONG_PHONE;
}

/** What the send-code button reads before the first code of this form is sent. */
export const SEND_LABEL = '获取验证码';

/**
 * The login form history (shell §3 "login form history", §4): the form as typed, and when it was
 * saved. `sentAt` lets a form opened again keep the send-code countdown running.
 */
export interface StoredLoginForm {
  phone: string;
  verifyCode: string;
  savedAt: number;
  sentAt?: number;
}

/** The per-shop browser key of the login form history (DESIGN.md "Persistence in the browser"). */
export function loginFormKey(shopId: string): string {
  return shopKey(shopId, 'loginForm');
}

/**
 * A stored form that may be autofilled at `now`: younger than 30 minutes (shell §4, §9), and in
 * the shape the form itself stores, cleaned as if typed. Anything else is null.
 */
export function freshLoginForm(stored: unknown, now: number): StoredLoginForm | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const { phone, verifyCode, savedAt, sentAt } = stored as Record<string, unknown>;
  if (typeof savedAt !== 'number' || !Number.isFinite(savedAt)) return null;
  // A time ahead of the clock was not written by this clock: do not trust it.
  if (savedAt > now || now - savedAt >= LOGIN_FORM_TTL_MS) return null;
  const form: StoredLoginForm = {
    phone: typeof phone === 'string' ? keepDigits(phone, PHONE_MAX_DIGITS) : '',
    verifyCode: typeof verifyCode === 'string' ? keepDigits(verifyCode, CODE_DIGITS) : '',
    savedAt,
  };
  if (typeof sentAt === 'number' && Number.isFinite(sentAt) && sentAt <= now) form.sentAt = sentAt;
  return form;
}

/** Whole seconds the send-code button still waits after a code sent at `sentAt` (30 … 0). */
export function countdownLeft(sentAt: number | undefined, now: number): number {
  if (sentAt === undefined || sentAt > now) return 0;
  const left = Math.ceil((sentAt + SEND_COUNTDOWN_SECONDS * 1000 - now) / 1000);
  return Math.min(SEND_COUNTDOWN_SECONDS, Math.max(0, left));
}

/** The send-code button: 获取验证码, then the seconds left (30s … 1s), then 重新发送. */
export function sendButtonLabel(left: number, sentBefore: boolean): string {
  if (left > 0) return `${left}s`;
  return sentBefore ? RESEND_LABEL : SEND_LABEL;
}

/**
 * What a failed login shows (shell §8): the server's message, else 登录失败. A request that never
 * got an answer (code -1) or an unexplained server error has no message of the server's to show.
 */
export function loginFailureMessage(code: number, message: string | undefined): string {
  if (code === -1 || !message || message === Messages.SYSTEM_ERROR) return Messages.LOGIN_FAILED;
  return message;
}

/**
 * The page a visitor was sent to login from (the `referrer` query login_web receives: the route
 * name and its query as JSON), or null when it is missing, malformed, not a route of the table
 * or itself a login page.
 */
export function parseLoginReferrer(
  value: string | null | undefined,
): { name: RouteName; query: Record<string, string> } | null {
  if (!value || value.length > 2000) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { name, query } = parsed as Record<string, unknown>;
  // The login form itself is never a place to return to after logging in.
  if (typeof name !== 'string' || !isRouteName(name) || routeByName(name)?.loginForm) return null;
  const clean: Record<string, string> = {};
  if (typeof query === 'object' && query !== null) {
    for (const [key, item] of Object.entries(query))
      if (typeof item === 'string' && key !== 'referrer') clean[key] = item;
  }
  return { name, query: clean };
}

/** A phone as shown back to its owner: 138****0001. */
export function maskPhone(phone: string): string {
  return phone.length === PHONE_MAX_DIGITS ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/**
 * Where a login page sends the shopper once logged in: the `referrer` route with its query (a
 * route with path parameters cannot be rebuilt from a name, so it falls back), else the home.
 */
export function loginDoneLink(
  link: (target: LinkTarget) => string,
  referrerParam: string | null,
): string {
  const referrer = parseLoginReferrer(referrerParam);
  const from = referrer ? routeByName(referrer.name) : undefined;
  return referrer && from && !from.path.includes(':')
    ? link({ name: from.name, query: referrer.query })
    : link({ name: 'index' });
}

/**
 * Where `login` (the page the messaging app lands on after member auth, commerce §8) sends a
 * signed-in shopper: the page the answer came from (`referrer`), else the return path the shell
 * stored, else the home. Inside the app with rdt=1: just back from member auth, so a page that
 * is refused again lands on index instead of here (commerce §8), and never goes round for ever.
 */
export function landingDoneLink(
  link: (target: LinkTarget) => string,
  input: { referrer: string | null; stored: string | null; inApp: boolean },
): string {
  const onward =
    parseLoginReferrer(input.referrer) || !input.stored
      ? loginDoneLink(link, input.referrer)
      : input.stored;
  if (!input.inApp) return onward;
  const url = new URL(onward, 'http://shop.invalid');
  url.searchParams.set(RETURNED_FROM_AUTH, '1');
  return `${url.pathname}${url.search}`;
}

/**
 * `login` inside the messaging app for someone not signed in: member auth, coming back here.
 * Opened without rdt it starts at once (rdt=1 in the back URL, so a browser that keeps no
 * cookie does not go round again); 微信授权登录 on the page asks again after a refusal.
 */
export function landingAuthHref(url: URL, mark: boolean): string {
  const back = new URL(url);
  if (mark) back.searchParams.set(RETURNED_FROM_AUTH, '1');
  else back.searchParams.delete(RETURNED_FROM_AUTH);
  return memberAuthUrl(back);
}
