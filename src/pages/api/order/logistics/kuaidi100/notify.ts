import { OrderContracts } from '#lib/orders/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { logisticsTracker, receiveKuaidi100Push } from '#lib/orders/index.server.ts';

/** Kuaidi100's push (a form of param and sign): verified, stored once, answered as it expects. */
export const POST = endpoint(OrderContracts.kuaidi100Notify, async ({ context }) => {
  const db = context.locals.database.db;
  const form = new URLSearchParams(await context.request.text());
  const answer = await receiveKuaidi100Push(db, await logisticsTracker(db), {
    param: form.get('param'),
    sign: form.get('sign'),
  });
  return Response.json(answer);
});
