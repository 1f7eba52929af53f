/**
 * The login rules of shell §5 and §9, shared by the login form (browser) and the server's input
 * checks, so both sides refuse the same things with the same words.
 */
import { Messages } from './errors.ts';

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

/** Server-side life of a code (commerce/identity issue): 6 digits, 5 minutes, single use, 5 tries. */
export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_MAX_ATTEMPTS = 5;
export const SMS_RESEND_INTERVAL_MS = 60_000;
export const SMS_MAX_PER_PHONE_PER_HOUR = 5;
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
