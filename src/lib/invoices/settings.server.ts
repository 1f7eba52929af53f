/**
 * A shop's invoice settings, kept by its owner: whether it issues invoices and 专票, the seller
 * printed on them (name, 税号 checked as a title's is, address, phone, bank, account) and the
 * tax category of its goods (the default, and any category taxed or named otherwise).
 */
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { invoiceCategoryTaxes, invoiceSettings } from '#lib/platform/db/schema.ts';
import { readSettings, type ShopInvoiceSettings } from './orders.server.ts';
import { checkTaxId } from './tax-id.ts';
import { TAX_RATES_BP } from './amounts.ts';

export interface SettingsInput {
  enabled: boolean;
  specialEnabled: boolean;
  /** Paper invoices too, printed and mailed by the shop (off unless said). */
  paperEnabled?: boolean;
  sellerName: string;
  sellerTaxId: string;
  sellerAddress: string;
  sellerPhone: string;
  sellerBank: string;
  sellerAccount: string;
  taxCode: string;
  taxShortName: string;
  taxRateBp: number;
}

const TAX_CODE = /^\d{19}$/;

export async function invoiceSettingsOf(
  db: DbOrTx,
  shopId: string,
): Promise<ShopInvoiceSettings | undefined> {
  return readSettings(db, shopId);
}

export async function saveInvoiceSettings(
  db: DbOrTx,
  shopId: string,
  input: SettingsInput,
  now = new Date(),
): Promise<ShopInvoiceSettings> {
  const sellerName = input.sellerName.trim();
  if (sellerName === '') throw appError(Errors.SELLER_NAME_REQUIRED);
  const taxId = checkTaxId(input.sellerTaxId);
  if (!taxId.ok) throw appError(Errors.SELLER_TAX_ID_INVALID);
  if (!TAX_CODE.test(input.taxCode)) throw appError(Errors.TAX_CODE_INVALID);
  if (!(TAX_RATES_BP as readonly number[]).includes(input.taxRateBp)) {
    throw appError(Errors.TAX_RATE_INVALID);
  }
  const shortName = input.taxShortName.trim();
  if (shortName === '' || shortName.length > 20) throw appError(Errors.TAX_NAME_INVALID);
  const values = {
    enabled: input.enabled,
    specialEnabled: input.enabled && input.specialEnabled,
    paperEnabled: input.enabled && (input.paperEnabled ?? false),
    sellerName,
    sellerTaxId: taxId.taxId,
    sellerAddress: input.sellerAddress.trim(),
    sellerPhone: input.sellerPhone.trim(),
    sellerBank: input.sellerBank.trim(),
    sellerAccount: input.sellerAccount.replace(/\s+/g, ''),
    taxCode: input.taxCode,
    taxShortName: shortName,
    taxRateBp: input.taxRateBp,
    updatedAt: now,
  };
  const [row] = await db
    .insert(invoiceSettings)
    .values({ shopId, ...values })
    .onConflictDoUpdate({ target: invoiceSettings.shopId, set: values })
    .returning();
  return row!;
}

/** A category of goods taxed or named otherwise than the shop's default. */
export async function saveCategoryTax(
  db: DbOrTx,
  input: { shopId: string; categoryId: number; taxCode: string; shortName: string; rateBp: number },
): Promise<void> {
  if (!TAX_CODE.test(input.taxCode)) throw appError(Errors.TAX_CODE_INVALID);
  if (!(TAX_RATES_BP as readonly number[]).includes(input.rateBp)) {
    throw appError(Errors.TAX_RATE_INVALID);
  }
  const values = {
    taxCode: input.taxCode,
    shortName: input.shortName.trim(),
    rateBp: input.rateBp,
  };
  await db
    .insert(invoiceCategoryTaxes)
    .values({ shopId: input.shopId, categoryId: input.categoryId, ...values })
    .onConflictDoUpdate({
      target: [invoiceCategoryTaxes.shopId, invoiceCategoryTaxes.categoryId],
      set: values,
    });
}
