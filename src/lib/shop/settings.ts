/**
 * The shop's settings as its owner edits them on store-setting (pure, isomorphic: the form checks
 * with the same rules before sending). The name goes through the commerce §5 name text sanitiser;
 * the intro and the notice are plain text; the follow link must be https. Every field is checked
 * before anything is saved, so a bad field leaves the shop as it was.
 */
import { sanitiseText } from '#lib/platform/text.ts';
import type { ErrorEntry } from '#lib/platform/errors.ts';
import { ShopSettingErrors } from './settings-errors.ts';

export const SHOP_NAME_MAX = 20;
export const SHOP_INTRO_MAX = 200;
export const NOTICE_TEXT_MAX = 300;
export const FOLLOW_URL_MAX = 500;
/** Bounds of what a request may carry at all (the rules above say what is kept). */
export const RAW_TEXT_MAX = 2000;

export interface ShopSettingsInput {
  shopName: string;
  intro: string;
  noticeEnabled: boolean;
  noticeText: string;
  /** The official account's follow link (config map followUrl); '' for none. */
  followUrl: string;
}

export interface ShopSettingsValue {
  shopName: string;
  intro: string;
  noticeEnabled: boolean;
  noticeText: string;
  followUrl: string | null;
}

export type SettingsField = keyof ShopSettingsInput;

export type SettingsCheck =
  { ok: true; value: ShopSettingsValue } | { ok: false; field: SettingsField; error: ErrorEntry };

/** Characters as a reader counts them (a surrogate pair is one). */
export const charCount = (value: string): number => [...value].length;

/** A shop name as stored: sanitised, spaces collapsed, trimmed; or why it cannot be one. */
export function cleanShopName(
  input: string,
): { ok: true; value: string } | { ok: false; error: ErrorEntry } {
  if (input.trim() === '') return { ok: false, error: ShopSettingErrors.SHOP_NAME_EMPTY };
  const name = sanitiseText(input).replace(/\s+/g, ' ').trim();
  // Only punctuation left (or nothing): the name was emoji or symbols.
  if (!/[\p{L}\p{N}]/u.test(name)) {
    return { ok: false, error: ShopSettingErrors.SHOP_NAME_SYMBOLS_ONLY };
  }
  if (charCount(name) > SHOP_NAME_MAX) {
    return { ok: false, error: ShopSettingErrors.SHOP_NAME_TOO_LONG };
  }
  return { ok: true, value: name };
}

/**
 * A plain text of several lines (intro, notice): Windows line ends made plain, control
 * characters dropped, tabs as spaces, at most one empty line in a row, trimmed.
 */
export function cleanPlainText(input: string): string {
  return input
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b\u2028\u2029\ufeff]/g, '')
    .replace(/[ \u3000]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The follow link: none for '', else an https address without credentials, as URL writes it. */
export function cleanFollowUrl(
  input: string,
): { ok: true; value: string | null } | { ok: false; error: ErrorEntry } {
  const text = input.trim();
  if (text === '') return { ok: true, value: null };
  if (text.length > FOLLOW_URL_MAX) {
    return { ok: false, error: ShopSettingErrors.FOLLOW_URL_TOO_LONG };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: ShopSettingErrors.FOLLOW_URL_INVALID };
  }
  if (
    url.protocol !== 'https:' ||
    url.username !== '' ||
    url.password !== '' ||
    !url.hostname.includes('.') ||
    /\s/.test(text)
  ) {
    return { ok: false, error: ShopSettingErrors.FOLLOW_URL_INVALID };
  }
  if (url.href.length > FOLLOW_URL_MAX) {
    return { ok: false, error: ShopSettingErrors.FOLLOW_URL_TOO_LONG };
  }
  return { ok: true, value: url.href };
}

/** Every field checked, in the form's order; the first refusal names its field. */
export function checkShopSettings(input: ShopSettingsInput): SettingsCheck {
  const name = cleanShopName(input.shopName);
  if (!name.ok) return { ok: false, field: 'shopName', error: name.error };
  const intro = cleanPlainText(input.intro);
  if (charCount(intro) > SHOP_INTRO_MAX) {
    return { ok: false, field: 'intro', error: ShopSettingErrors.SHOP_INTRO_TOO_LONG };
  }
  const noticeText = cleanPlainText(input.noticeText);
  if (input.noticeEnabled && noticeText === '') {
    return { ok: false, field: 'noticeText', error: ShopSettingErrors.SHOP_NOTICE_REQUIRED };
  }
  if (charCount(noticeText) > NOTICE_TEXT_MAX) {
    return { ok: false, field: 'noticeText', error: ShopSettingErrors.SHOP_NOTICE_TOO_LONG };
  }
  const followUrl = cleanFollowUrl(input.followUrl);
  if (!followUrl.ok) return { ok: false, field: 'followUrl', error: followUrl.error };
  return {
    ok: true,
    value: {
      shopName: name.value,
      intro,
      noticeEnabled: input.noticeEnabled,
      noticeText,
      followUrl: followUrl.value,
    },
  };
}
