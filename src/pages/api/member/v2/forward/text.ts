import { SharingContracts } from '#lib/sharing/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { saveForwardText } from '#lib/sharing/index.server.ts';

/** editForward: saves one forwarding text (empty: back to the default). */
export const POST = endpoint(SharingContracts.saveForwardText, ({ query, body, user, context }) =>
  saveForwardText(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    contentType: body.contentType,
    text: body.text,
  }),
);
