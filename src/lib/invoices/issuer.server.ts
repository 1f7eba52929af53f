/**
 * The invoice provider as the invoices area issues through it: the configured one
 * (invoices/nuonuo/: the real adapter, against the sandbox in a demo) and where it posts its
 * results (this shop's callback: the public origin in production, the server itself in a demo).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { invoiceRefunds } from '#lib/platform/db/schema.ts';
import { env } from '#lib/platform/env.server.ts';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import { selfOrigin } from '#lib/platform/self-origin.server.ts';
import {
  applyProviderResult,
  reconcileOrderInvoices,
  type InvoiceIssuer,
} from './issuing.server.ts';
import { NUONUO_NOTIFY_PATH, invoiceProvider } from './nuonuo/index.server.ts';

export async function invoiceIssuer(db: DbOrTx): Promise<InvoiceIssuer> {
  const config = env();
  const origin =
    config.SHOP_MODE === 'production' && config.PUBLIC_ORIGIN ? config.PUBLIC_ORIGIN : selfOrigin();
  return { provider: await invoiceProvider(db), callbackUrl: `${origin}${NUONUO_NOTIFY_PATH}` };
}

/**
 * The provider's post to the callback: read and verified by its adapter (a post it does not
 * recognise changes nothing and is refused as a bad request); the result applied to its invoice, then the
 * answer the provider expects. A failure is answered 500, and the provider posts again.
 */
export async function receiveInvoiceCallback(
  db: DbOrTx,
  issuer: InvoiceIssuer,
  request: Request,
): Promise<Response> {
  const read = await issuer.provider.readCallback(request);
  // Not the provider's: refused in the envelope like any bad request; nothing changes.
  if (!read) throw appError(Errors.BAD_REQUEST);
  await applyProviderResult(db, issuer, {
    serialNo: read.serialNo,
    result: read.result,
    actor: 'provider',
  });
  return read.reply;
}

/** Whether the order has a refund noted and not yet reconciled (only invoiced orders do). */
async function refundNoted(db: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ refundNo: invoiceRefunds.refundNo })
    .from(invoiceRefunds)
    .where(and(eq(invoiceRefunds.orderId, orderId), isNull(invoiceRefunds.handledAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * Right after a refund of an order is committed: its invoice reconciled now rather than at the
 * timer's next round (which still does it when this fails).
 */
export function reconcileAfterRefund(db: DbOrTx, orderId: number): void {
  void refundNoted(db, orderId)
    .then(async (noted) => {
      if (noted) await reconcileOrderInvoices(db, await invoiceIssuer(db), orderId);
    })
    .catch((error: unknown) =>
      console.error('[invoices] not reconciled yet, the invoice timer retries:', error),
    );
}
