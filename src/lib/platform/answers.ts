/**
 * What the browser does with an answer (commerce §8, shell §5), as a pure decision so both
 * variants — inside the messaging app and in a plain browser — are testable to the letter.
 */
import {
  ErrorCode,
  MAINTENANCE_HTTP_STATUS,
  Messages,
  isLoginInvalid,
} from '#lib/platform/errors.ts';
import { carryQuery } from '#lib/platform/carry.ts';
import type { LoginHere } from '#lib/platform/routes.ts';

/**
 * The two identity calls the shell itself makes: member authorisation inside the messaging app
 * (an answer asking for login leads there) and logout (a session the server says is gone is
 * ended). Identity's contracts take their paths from here, so the shell needs nothing of identity.
 */
export const MEMBER_AUTH_PATH = '/api/member/auth';
export const LOGOUT_PATH = '/api/member/logout';

export interface AnswerContext {
  inApp: boolean;
  /** The current page's route name and tracking code. */
  routeName: string;
  /**
   * How the page lets a shopper log in where they are (routes.ts `loginHere`), told by the page:
   * the browser needs no route table for it.
   */
  loginHere: LoginHere;
  spm?: string | undefined;
  /** The current page URL (path and query). */
  pageUrl: URL;
}

export type AnswerAction =
  | { kind: 'ok' }
  | { kind: 'maintenance'; message: string }
  | { kind: 'member-auth'; location: string }
  | { kind: 'login-popup' }
  | { kind: 'login-web'; location: string; clearSession: boolean }
  | { kind: 'stay' }
  | { kind: 'crawler'; location: string }
  | { kind: 'error'; code: number; message: string };

/** Added to the back URL of member auth: "just came back from member auth", so never loop. */
export const RETURNED_FROM_AUTH = 'rdt';

/** The member-auth redirect of the messaging-app variant: back to the given URL. */
export function memberAuthUrl(back: URL): string {
  const backUrl = encodeURIComponent(`${back.pathname}${back.search}`);
  return `${MEMBER_AUTH_PATH}?backUrl=${backUrl}`;
}

/** login_web with the route name and query as referrer, carrying the shop and the sharer on. */
export function loginWebUrl(context: AnswerContext): string {
  return loginPageUrl('/login_web', context);
}

/**
 * A login page (`/login_web`, or `/login`, where the messaging app lands) with the current
 * route's name and query as `referrer`: the page to come back to once logged in.
 */
export function loginPageUrl(path: '/login' | '/login_web', context: AnswerContext): string {
  const own = new URLSearchParams({
    referrer: JSON.stringify({
      name: context.routeName,
      query: Object.fromEntries(context.pageUrl.searchParams),
    }),
  });
  const query = carryQuery(own, {
    query: context.pageUrl.searchParams,
    defaultShopId: context.pageUrl.searchParams.get('shopId') ?? '',
    currentSpm: context.spm,
  });
  if (!query.get('shopId')) query.delete('shopId');
  return `${path}?${query.toString()}`;
}

/**
 * Where member auth lands after a 999999 / 999998 answer inside the messaging app (commerce §8):
 * on `login`, which brings the shopper back to this page (its `referrer`); on index instead when
 * already on a login page or just back from member auth (rdt). Null, and the page stays, when
 * the shop is not known, or when this is index just back from member auth: going round again
 * would land here again, for ever.
 */
export function sessionLanding(context: AnswerContext): string | null {
  const query = context.pageUrl.searchParams;
  if (!query.get('shopId')) return null;
  const returned = query.has(RETURNED_FROM_AUTH);
  if (context.loginHere === 'form' || returned) {
    if (returned && context.routeName === 'index') return null;
    return `/index${context.pageUrl.search}`;
  }
  return loginPageUrl('/login', context);
}

export function classifyAnswer(
  status: number,
  body: { code?: unknown; message?: unknown } | null,
  context: AnswerContext,
): AnswerAction {
  const message = typeof body?.message === 'string' ? body.message : undefined;
  if (status === MAINTENANCE_HTTP_STATUS)
    return { kind: 'maintenance', message: message || Messages.MAINTENANCE };

  const code = typeof body?.code === 'number' ? body.code : status >= 400 ? status : ErrorCode.OK;
  if (code === ErrorCode.OK || code === ErrorCode.OK_LEGACY) return { kind: 'ok' };

  if (isLoginInvalid(code, message)) {
    if (context.inApp) {
      if (!context.pageUrl.searchParams.has(RETURNED_FROM_AUTH)) {
        const back = new URL(context.pageUrl);
        back.searchParams.set(RETURNED_FROM_AUTH, '1');
        return { kind: 'member-auth', location: memberAuthUrl(back) };
      }
      // Already back from member auth and still refused: going round again would loop, so land
      // on the login page instead (as §8's second row does), unless already there.
      if (context.loginHere === 'form') return { kind: 'stay' };
      return { kind: 'login-web', location: loginWebUrl(context), clearSession: true };
    }
    if (context.loginHere === 'popup') return { kind: 'login-popup' };
    if (context.routeName === 'login_web') return { kind: 'stay' };
    return { kind: 'login-web', location: loginWebUrl(context), clearSession: true };
  }

  if (code === ErrorCode.SESSION_INVALID || code === ErrorCode.SESSION_ALT) {
    if (context.inApp) {
      const landing = sessionLanding(context);
      if (landing === null) return { kind: 'stay' };
      return { kind: 'member-auth', location: memberAuthUrl(new URL(landing, context.pageUrl)) };
    }
    if (context.routeName === 'login_web') return { kind: 'stay' };
    return { kind: 'login-web', location: loginWebUrl(context), clearSession: true };
  }

  if (code === ErrorCode.CRAWLER)
    return { kind: 'crawler', location: `/crawler${context.pageUrl.search}` };
  return { kind: 'error', code, message: message || Messages.SYSTEM_ERROR };
}

/** A toast the browser never shows: in plain browsers "not logged in"; the shop D switch always. */
export const SHOP_D_SWITCH_MESSAGE = '店铺身份已切换';

export function toastSuppressed(message: string, inApp: boolean): boolean {
  if (message === SHOP_D_SWITCH_MESSAGE) return true;
  return !inApp && message === Messages.NOT_LOGGED_IN;
}
