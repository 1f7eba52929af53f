/**
 * The shop's side of invoicing, its owner's: the applications (failed ones first, then paper
 * invoices to mail, then the newest), 手动开票 for one the provider could not issue (the owner's own PDF, number and date),
 * and the shop's invoice settings, whose seller is the one the provider's account issues for.
 */
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import {
  categories,
  invoiceCategoryTaxes,
  invoiceFiles,
  invoices,
  shops,
} from '#lib/platform/db/schema.ts';
import type { InvoiceRecordPage } from './contracts.ts';
import { reconcileOrderInvoices, type InvoiceIssuer } from './issuing.server.ts';
import { views } from './invoices.server.ts';
import { nuonuoSeller } from './nuonuo/index.server.ts';
import { readSettings, type ShopInvoiceSettings } from './orders.server.ts';
import { saveCategoryTax, saveInvoiceSettings, type SettingsInput } from './settings.server.ts';
import { InvoiceStatus } from './status.ts';
import { moveInvoice } from './transitions.server.ts';

async function requireShopOwner(db: DbOrTx, shopId: string, userId: number): Promise<void> {
  const [shop] = await db
    .select({ ownerId: shops.ownerUserId })
    .from(shops)
    .where(eq(shops.id, shopId));
  if (!shop || shop.ownerId !== userId) throw appError(Errors.NOT_SHOP_INVOICES);
}

/** The shop's invoices: those that failed first (they wait for someone), then the newest. */
export async function listShopInvoices(
  db: DbOrTx,
  input: { shopId: string; ownerId: number; pageNum: number; pageSize: number },
): Promise<InvoiceRecordPage & { failed: number; toMail: number }> {
  await requireShopOwner(db, input.shopId, input.ownerId);
  const where = eq(invoices.shopId, input.shopId);
  const toMail = sql`${invoices.status} = ${InvoiceStatus.Issued} and ${invoices.kind} = 'blue'
    and ${invoices.form} like 'paper-%' and ${invoices.mailedAt} is null`;
  const [rows, [total], [failed], [waiting]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(
        desc(sql`${invoices.status} = ${InvoiceStatus.Failed}`),
        desc(sql`coalesce(${toMail}, false)`),
        desc(invoices.id),
      )
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize),
    db.select({ n: count() }).from(invoices).where(where),
    db
      .select({ n: count() })
      .from(invoices)
      .where(and(where, eq(invoices.status, InvoiceStatus.Failed))),
    db.select({ n: count() }).from(invoices).where(and(where, toMail)),
  ]);
  return {
    list: await views(db, rows),
    total: total?.n ?? 0,
    failed: failed?.n ?? 0,
    toMail: waiting?.n ?? 0,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

/** 20 digits (数电), or 8 with a 10- or 12-digit code (an older invoice). */
const INVOICE_NO = /^(\d{20}|\d{8})$/;
const INVOICE_CODE = /^(\d{10}|\d{12})$/;

/**
 * 手动开票: the owner issued a failed invoice outside the provider (it was down, or refused what
 * the tax bureau takes) and gives its PDF, number and date. The invoice is issued, marked as by
 * hand; a red letter so issued reverses its blue invoice, and the order is reconciled.
 */
export async function issueByHand(
  db: DbOrTx,
  issuer: InvoiceIssuer,
  input: {
    shopId: string;
    ownerId: number;
    invoiceRef: string;
    invoiceNo: string;
    invoiceCode: string | null;
    /** The day on the invoice (yyyy-mm-dd, in China). */
    issuedOn: string;
    pdf: Uint8Array;
    now?: Date;
  },
): Promise<void> {
  const now = input.now ?? new Date();
  await requireShopOwner(db, input.shopId, input.ownerId);
  if (!INVOICE_NO.test(input.invoiceNo)) throw appError(Errors.INVOICE_NO_INVALID);
  const code = input.invoiceCode?.trim() || null;
  if ((input.invoiceNo.length === 8) !== (code !== null) || (code && !INVOICE_CODE.test(code))) {
    throw appError(Errors.INVOICE_NO_INVALID);
  }
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(now);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.issuedOn) || input.issuedOn > today) {
    throw appError(Errors.ISSUED_AT_INVALID);
  }
  // Today's invoice is dated now; an earlier day's at noon in China, so no zone moves its day.
  const issuedAt = input.issuedOn === today ? now : new Date(`${input.issuedOn}T12:00:00+08:00`);
  const head = new TextDecoder('latin1').decode(input.pdf.subarray(0, 5));
  if (head !== '%PDF-') throw appError(Errors.PDF_INVALID);
  const [row] = await db
    .select({ id: invoices.id, orderId: invoices.orderId })
    .from(invoices)
    .where(and(eq(invoices.invoiceRef, input.invoiceRef), eq(invoices.shopId, input.shopId)));
  if (!row) throw appError(Errors.INVOICE_NOT_FOUND);
  const issued = await db.transaction(async (tx) => {
    const moved = await moveInvoice(tx, {
      invoiceId: row.id,
      to: InvoiceStatus.Issued,
      actor: 'shop',
      note: `手动开票 ${input.invoiceNo}`,
      set: {
        invoiceNo: input.invoiceNo,
        invoiceCode: code,
        issuedAt,
        manual: true,
        failure: null,
        pdfUrl: null,
        nextTryAt: null,
      },
      now,
    });
    if (!moved) return false;
    await tx
      .insert(invoiceFiles)
      .values({ invoiceId: row.id, contentType: 'application/pdf', bytes: input.pdf })
      .onConflictDoUpdate({ target: invoiceFiles.invoiceId, set: { bytes: input.pdf } });
    if (moved.reversesId !== null) {
      await moveInvoice(tx, {
        invoiceId: moved.reversesId,
        to: InvoiceStatus.Reversed,
        actor: 'shop',
        note: `红字发票 ${input.invoiceNo}（手动）`,
        now,
      });
    }
    return true;
  });
  if (!issued) throw appError(Errors.INVOICE_STATE_CHANGED);
  await reconcileOrderInvoices(db, issuer, row.orderId, now);
}

/** The shop's settings for its owner's page, with the seller the provider issues for. */
export async function readShopSettings(
  db: DbOrTx,
  input: { shopId: string; ownerId: number },
): Promise<{
  settings: ShopInvoiceSettings | null;
  seller: { taxNo: string; name: string | null };
}> {
  await requireShopOwner(db, input.shopId, input.ownerId);
  return {
    settings: (await readSettings(db, input.shopId)) ?? null,
    seller: await nuonuoSeller(db),
  };
}

/**
 * The owner's settings saved: the seller's 税号 is the one the provider's account issues for
 * (an invoice for any other would be refused), its name as registered where the provider says.
 */
export async function saveShopSettings(
  db: DbOrTx,
  input: { shopId: string; ownerId: number; settings: Omit<SettingsInput, 'sellerTaxId'> },
): Promise<ShopInvoiceSettings> {
  await requireShopOwner(db, input.shopId, input.ownerId);
  const seller = await nuonuoSeller(db);
  return saveInvoiceSettings(db, input.shopId, {
    ...input.settings,
    sellerName: seller.name ?? input.settings.sellerName,
    sellerTaxId: seller.taxNo,
  });
}

/** shopInvoices' one read: the settings and the invoices, or null for anybody but the owner. */
export async function readShopInvoicesPage(
  db: DbOrTx,
  input: { shopId: string; ownerId: number; pageNum: number; pageSize: number },
) {
  try {
    const [list, settings, categoryTaxes] = await Promise.all([
      listShopInvoices(db, input),
      readShopSettings(db, input),
      readCategoryTaxes(db, input),
    ]);
    return { list, ...settings, categoryTaxes };
  } catch (error) {
    if ((error as { code?: number }).code === Errors.NOT_SHOP_INVOICES.code) return null;
    throw error;
  }
}

export interface CategoryTaxRow {
  categoryId: number;
  name: string;
  /** The shop's own for the category, or null when its goods are taxed as the default. */
  tax: { taxCode: string; shortName: string; rateBp: number } | null;
}

/** The catalogue's categories, each with how the shop taxes it (its own, or the default). */
export async function readCategoryTaxes(
  db: DbOrTx,
  input: { shopId: string; ownerId: number },
): Promise<CategoryTaxRow[]> {
  await requireShopOwner(db, input.shopId, input.ownerId);
  const rows = await db
    .select({
      categoryId: categories.id,
      name: categories.name,
      taxCode: invoiceCategoryTaxes.taxCode,
      shortName: invoiceCategoryTaxes.shortName,
      rateBp: invoiceCategoryTaxes.rateBp,
    })
    .from(categories)
    .leftJoin(
      invoiceCategoryTaxes,
      and(
        eq(invoiceCategoryTaxes.categoryId, categories.id),
        eq(invoiceCategoryTaxes.shopId, input.shopId),
      ),
    )
    .where(isNull(categories.parentId))
    .orderBy(asc(categories.sort), asc(categories.id));
  return rows.map((r) => ({
    categoryId: r.categoryId,
    name: r.name,
    tax:
      r.taxCode !== null && r.shortName !== null && r.rateBp !== null
        ? { taxCode: r.taxCode, shortName: r.shortName, rateBp: r.rateBp }
        : null,
  }));
}

/** The owner names how a category's goods are taxed and printed. */
export async function saveShopCategoryTax(
  db: DbOrTx,
  input: {
    shopId: string;
    ownerId: number;
    categoryId: number;
    taxCode: string;
    shortName: string;
    rateBp: number;
  },
): Promise<void> {
  await requireShopOwner(db, input.shopId, input.ownerId);
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, input.categoryId));
  if (!category) throw appError(Errors.CATEGORY_NOT_FOUND);
  const shortName = input.shortName.trim();
  if (shortName === '' || shortName.length > 20) throw appError(Errors.TAX_NAME_INVALID);
  await saveCategoryTax(db, { ...input, shortName });
}
