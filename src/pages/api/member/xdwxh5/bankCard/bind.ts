import { DistributionContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { bindPersonalCard } from '#lib/distribution/index.server.ts';
import { requestClientAddress } from '#lib/platform/http.server.ts';

/** 绑定银行卡 in the keeper's verified real name, with the code sent to the bank's phone. */
export const POST = endpoint(DistributionContracts.bindCard, ({ body, user, context }) =>
  bindPersonalCard(context.locals.database.db, {
    userId: user.id,
    cardNo: body.cardNo,
    bankCode: body.bankCode,
    phone: body.phone,
    verifyCode: body.verifyCode,
    clientIp: requestClientAddress(context),
  }),
);
