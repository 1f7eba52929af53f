import { z } from 'zod';
import { handle, notFound, parseQuery } from '../../../lib/server/http.ts';
import { readOutbox } from '../../../lib/server/providers/sms/console.ts';
import { devOutboxEnabled } from '../../../lib/server/providers/sms/index.ts';

/** The console SMS provider's outbox for one phone, newest first; 404 under any other provider. */
export const GET = handle(async (context) => {
  if (!devOutboxEnabled()) notFound();
  const { phone } = parseQuery(context.url, {
    phone: z.string().regex(/^\d{11}$/, '请输入11位手机号'),
  });
  return readOutbox(context.locals.database.db, phone);
});
