import { z } from 'zod';
import { handle, notFound, parseQuery } from '#lib/platform/http.server.ts';
import { readOutbox } from '#lib/identity/sms/console.server.ts';
import { devOutboxEnabled } from '#lib/identity/sms/index.server.ts';

/** The console SMS provider's outbox for one phone, newest first; 404 under any other provider. */
export const GET = handle(async (context) => {
  if (!devOutboxEnabled()) notFound();
  const { phone } = parseQuery(context.url, {
    phone: z.string().regex(/^\d{11}$/, '请输入11位手机号'),
  });
  return readOutbox(context.locals.database.db, phone);
});
