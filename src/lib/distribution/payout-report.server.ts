/**
 * The quarterly income report of a shop's keepers (国务院令第810号: platforms report each
 * operator's identity and income by quarter), for the shop's owner as a CSV download: one row per
 * keeper and month of the quarter with what they were paid, the tax withheld and what reached
 * them. Identities are masked here as everywhere they are shown; the filing itself, with the
 * whole numbers, goes to the tax authority from the encrypted records, not through a download.
 */
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { shops, users, withdrawals } from '#lib/platform/db/schema.ts';
import { shopDay } from '#lib/platform/time.ts';
import { readRealName } from '#lib/identity/index.server.ts';
import { maskPhone } from '#lib/identity/index.ts';
import { readCertification } from '#lib/certification/index.server.ts';
import { WithdrawalStatus } from './status.ts';
import { monthRange, nextMonth } from './reports.ts';

/** `2026Q4` → its three months; null for anything else. */
export function quarterMonths(quarter: string): [string, string, string] | null {
  const match = /^(\d{4})Q([1-4])$/.exec(quarter);
  if (!match) return null;
  const first = `${match[1]}-${String((Number(match[2]) - 1) * 3 + 1).padStart(2, '0')}`;
  const second = nextMonth(first);
  return [first, second, nextMonth(second)];
}

/** The quarter a day falls in: `2026-11-28` → `2026Q4`. */
export function quarterOf(day: string): string {
  return `${day.slice(0, 4)}Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
}

const HEADER = [
  '季度',
  '月份',
  '店主',
  '手机号',
  '认证类型',
  '实名',
  '身份证号',
  '提现笔数',
  '收入（元）',
  '代扣个税（元）',
  '实际到账（元）',
];

/** A CSV field: quoted when it holds a comma, quote or line break; formulas defused. */
function field(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const yuan = (cents: number) => (cents / 100).toFixed(2);

/** The report, or null when the caller is not the shop's owner or the quarter is not one. */
export async function quarterlyPayoutReport(
  db: DbOrTx,
  input: { shopId: string; ownerId: number; quarter: string },
): Promise<string | null> {
  const months = quarterMonths(input.quarter);
  const [shop] = await db
    .select({ ownerId: shops.ownerUserId })
    .from(shops)
    .where(eq(shops.id, input.shopId));
  if (!months || !shop || shop.ownerId !== input.ownerId) return null;
  const from = monthRange(months[0]).from;
  const to = monthRange(months[2]).to;
  const paid = await db
    .select({
      userId: withdrawals.userId,
      nickname: users.nickname,
      phone: users.phone,
      amountCents: withdrawals.amountCents,
      taxCents: withdrawals.taxCents,
      feeCents: withdrawals.feeCents,
      paidAt: withdrawals.paidAt,
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(
      and(
        eq(withdrawals.shopId, input.shopId),
        eq(withdrawals.status, WithdrawalStatus.PaidOut),
        gte(withdrawals.paidAt, from),
        lt(withdrawals.paidAt, to),
      ),
    )
    .orderBy(asc(withdrawals.userId), asc(withdrawals.paidAt));

  // One row per keeper and month.
  const rows = new Map<
    string,
    { userId: number; month: string; count: number; amount: number; tax: number; net: number }
  >();
  for (const w of paid) {
    const month = shopDay(w.paidAt!).slice(0, 7);
    const key = `${w.userId}|${month}`;
    const row = rows.get(key) ?? { userId: w.userId, month, count: 0, amount: 0, tax: 0, net: 0 };
    row.count += 1;
    row.amount += w.amountCents;
    row.tax += w.taxCents;
    row.net += w.amountCents - w.feeCents - w.taxCents;
    rows.set(key, row);
  }
  const people = new Map<number, string[]>();
  for (const w of paid) {
    if (people.has(w.userId)) continue;
    const [realName, certification] = await Promise.all([
      readRealName(db, w.userId),
      readCertification(db, { shopId: input.shopId, userId: w.userId }),
    ]);
    people.set(w.userId, [
      w.nickname || '店主',
      w.phone ? maskPhone(w.phone) : '',
      certification?.kindTitle ?? '未认证',
      realName?.nameMasked ?? '',
      realName?.idNumberMasked ?? '',
    ]);
  }
  const lines = [HEADER.map(field).join(',')];
  for (const row of rows.values()) {
    lines.push(
      [
        input.quarter,
        row.month,
        ...people.get(row.userId)!,
        row.count,
        yuan(row.amount),
        yuan(row.tax),
        yuan(row.net),
      ]
        .map(field)
        .join(','),
    );
  }
  // A byte-order mark, so that spreadsheet programs read the Chinese as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
