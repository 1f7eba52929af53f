/**
 * Inside the messaging app, a title the shopper already keeps there (我 → 个人信息 → 我的发票抬头):
 * the JS-SDK's `chooseInvoiceTitle`, reached through `invoke` with the SDK configured `beta`
 * (the app publishes it for web pages only that way), opens the app's own title list.
 */
import { readyJsSdk, reportJsSdk } from '#lib/identity/ui/js-sdk.ts';
import { titleFromMessagingApp, type TitleFields } from '#lib/invoices/index.ts';

export type MessagingAppTitle =
  { title: TitleFields } | { cancelled: true } | { unavailable: true };

export async function chooseMessagingAppTitle(): Promise<MessagingAppTitle> {
  const sdk = await readyJsSdk(['chooseInvoiceTitle'], { beta: true });
  if (!sdk) return { unavailable: true };
  return new Promise((resolve) => {
    sdk.invoke('chooseInvoiceTitle', { scene: '1' }, (answer) => {
      if (answer.err_msg?.endsWith(':cancel')) return resolve({ cancelled: true });
      const title = titleFromMessagingApp(answer.choose_invoice_title_info);
      if (title) return resolve({ title });
      reportJsSdk('chooseInvoiceTitle', answer);
      resolve({ unavailable: true });
    });
  });
}
