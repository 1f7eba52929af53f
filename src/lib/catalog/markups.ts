/**
 * Price markups (global-add-price): the shop's global markup and a sale's own markup, each a
 * fixed amount in cents or a percentage of the SKU's base price in basis points (never both), and
 * the platform's limits on them (queryAddPriceAstrict). Pure rules; pricing.ts adds the amounts.
 */
import { formatYuan } from '#lib/platform/money.ts';

/** A markup as stored: at most one of the two is non-zero. */
export interface Markup {
  cents: number;
  bp: number;
}

export const NO_MARKUP: Markup = { cents: 0, bp: 0 };

/** A markup as the manager sets it: 'percent' in basis points (1000 = 10%), 'fixed' in cents. */
export type MarkupSetting = { kind: 'percent'; bp: number } | { kind: 'fixed'; cents: number };

export function markupOfSetting(setting: MarkupSetting): Markup {
  return setting.kind === 'percent'
    ? { cents: 0, bp: setting.bp }
    : { cents: setting.cents, bp: 0 };
}

export function settingOfMarkup(markup: Markup): MarkupSetting {
  return markup.bp > 0
    ? { kind: 'percent', bp: markup.bp }
    : { kind: 'fixed', cents: markup.cents };
}

/**
 * What a markup adds to a base price, in whole cents: the fixed amount, or the percentage of the
 * base rounded half up (integer arithmetic, the same as markupCentsSql in pricing.server.ts).
 */
export function markupCents(baseCents: number, markup: Markup): number {
  return markup.cents + Math.floor((baseCents * markup.bp + 5000) / 10000);
}

/** The platform's limit on one markup of a product of a category. */
export interface MarkupLimit {
  /** The highest percentage, in basis points of the base price. */
  maxBp: number;
  /** The highest fixed amount, in cents. */
  maxCents: number;
}

/** The limit of a category without its own row or parent's: 30% or ¥50. */
export const DEFAULT_MARKUP_LIMIT: MarkupLimit = { maxBp: 3000, maxCents: 5000 };

/**
 * The limit that holds for a markup over products of several categories (a sale's, or the
 * shop's global one): the strictest of theirs, or the default when there are none.
 */
export function strictestLimit(limits: readonly MarkupLimit[]): MarkupLimit {
  if (limits.length === 0) return DEFAULT_MARKUP_LIMIT;
  return {
    maxBp: Math.min(...limits.map((l) => l.maxBp)),
    maxCents: Math.min(...limits.map((l) => l.maxCents)),
  };
}

/** Whether a setting is within the limit. */
export function withinLimit(setting: MarkupSetting, limit: MarkupLimit): boolean {
  return setting.kind === 'percent' ? setting.bp <= limit.maxBp : setting.cents <= limit.maxCents;
}

/** "10%" / "12.5%" of basis points. */
export function percentLabel(bp: number): string {
  return `${Number((bp / 100).toFixed(2))}%`;
}

// --- Setting a markup (globalAddPrice, activityAddPrice) -----------------------------------

/** What a manager sends: a percentage in basis points or a fixed amount in cents; absent is 0. */
export interface MarkupInput {
  addPriceBp?: number | undefined;
  addPriceCents?: number | undefined;
}

/** The refusals of a markup a manager sets, shown as they are (isomorphic: the page checks first). */
export const MarkupMessages = {
  NOT_INTEGER: '加价须为整数：百分比以0.01%为单位，金额以分为单位',
  NEGATIVE: '加价不能为负数',
  BOTH_KINDS: '加价只能按百分比或按固定金额二选一',
  EMPTY: '请输入加价数值',
  NOT_A_NUMBER: '请输入数字',
  TOO_MANY_DECIMALS: '最多保留两位小数',
} as const;

/** Where a markup applies, as its refusals name it. */
export type MarkupScope = 'global' | 'sale';
const SCOPE_NAME: Record<MarkupScope, string> = { global: '全局加价', sale: '活动加价' };

/** "15%" or "¥20.00": the limit of a setting's kind. */
export function limitLabel(kind: MarkupSetting['kind'], limit: MarkupLimit): string {
  return kind === 'percent' ? percentLabel(limit.maxBp) : `¥${formatYuan(limit.maxCents)}`;
}

/** "最高15%或¥20.00": both parts of a limit. */
export function limitText(limit: MarkupLimit): string {
  return `最高${percentLabel(limit.maxBp)}或¥${formatYuan(limit.maxCents)}`;
}

/** "+10%", "+¥5.00", or 未加价. */
export function markupLabel(markup: Markup): string {
  if (markup.bp > 0) return `+${percentLabel(markup.bp)}`;
  if (markup.cents > 0) return `+¥${formatYuan(markup.cents)}`;
  return '未加价';
}

/** The refusal of a setting beyond the limit, naming the limit. */
export function beyondLimitMessage(
  setting: MarkupSetting,
  limit: MarkupLimit,
  scope: MarkupScope,
): string {
  const what = setting.kind === 'percent' ? '按百分比' : '按固定金额';
  return `${SCOPE_NAME[scope]}超出平台上限：${what}最高${limitLabel(setting.kind, limit)}`;
}

export type MarkupCheck =
  { ok: true; setting: MarkupSetting } | { ok: false; beyondLimit: boolean; message: string };

/**
 * A markup as sent, checked: whole non-negative numbers, at most one kind non-zero, within the
 * limit. Answers the setting to store, or the refusal's text (the limit named when beyond it).
 */
export function checkMarkup(
  input: MarkupInput,
  limit: MarkupLimit,
  scope: MarkupScope,
): MarkupCheck {
  const bp = input.addPriceBp ?? 0;
  const cents = input.addPriceCents ?? 0;
  if (!Number.isSafeInteger(bp) || !Number.isSafeInteger(cents)) {
    return { ok: false, beyondLimit: false, message: MarkupMessages.NOT_INTEGER };
  }
  if (bp < 0 || cents < 0)
    return { ok: false, beyondLimit: false, message: MarkupMessages.NEGATIVE };
  if (bp > 0 && cents > 0) {
    return { ok: false, beyondLimit: false, message: MarkupMessages.BOTH_KINDS };
  }
  const setting: MarkupSetting = bp > 0 ? { kind: 'percent', bp } : { kind: 'fixed', cents };
  if (!withinLimit(setting, limit)) {
    return { ok: false, beyondLimit: true, message: beyondLimitMessage(setting, limit, scope) };
  }
  return { ok: true, setting };
}

/**
 * What a manager typed, as the number the server takes: a percentage ("12.5") in basis points,
 * an amount in yuan ("5.2") in cents; at most two decimals.
 */
export function parseMarkupText(
  text: string,
): { ok: true; value: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: MarkupMessages.EMPTY };
  if (/^-\s*\d/.test(trimmed)) return { ok: false, message: MarkupMessages.NEGATIVE };
  const match = /^(\d{1,7})(?:\.(\d+))?$/.exec(trimmed);
  if (!match) return { ok: false, message: MarkupMessages.NOT_A_NUMBER };
  const decimals = match[2] ?? '';
  if (decimals.length > 2) return { ok: false, message: MarkupMessages.TOO_MANY_DECIMALS };
  // 1% is 100 basis points and ¥1 is 100 cents: both are the number times 100.
  return { ok: true, value: Number(match[1]) * 100 + Number(decimals.padEnd(2, '0')) };
}

/** A markup input of a kind and its number (basis points or cents). */
export function markupInputOf(kind: MarkupSetting['kind'], value: number): MarkupInput {
  return kind === 'percent'
    ? { addPriceBp: value, addPriceCents: 0 }
    : { addPriceBp: 0, addPriceCents: value };
}

// --- Limits per category --------------------------------------------------------------------

/** Where a category's limit comes from: its own row, an ancestor's, or the platform default. */
export type LimitSource = 'own' | 'parent' | 'default';

/**
 * The limit of a category: its own row, else the nearest ancestor's, else DEFAULT_MARKUP_LIMIT
 * (also for no category). A loop in the parents ends the walk.
 */
export function categoryLimit(
  categoryId: number | null,
  parentOf: ReadonlyMap<number, number | null>,
  own: ReadonlyMap<number, MarkupLimit>,
): { limit: MarkupLimit; source: LimitSource } {
  const seen = new Set<number>();
  let current = categoryId;
  while (current !== null && !seen.has(current)) {
    const found = own.get(current);
    if (found) return { limit: found, source: current === categoryId ? 'own' : 'parent' };
    seen.add(current);
    current = parentOf.get(current) ?? null;
  }
  return { limit: DEFAULT_MARKUP_LIMIT, source: 'default' };
}
