import { DistributionContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { sendCardCode } from '#lib/distribution/index.server.ts';
import { requestClientAddress } from '#lib/platform/http.server.ts';

/** 获取验证码 of 绑定银行卡: the card checked, then a code to the phone the bank holds for it. */
export const POST = endpoint(DistributionContracts.bindCardCode, ({ query, body, user, context }) =>
  sendCardCode(context.locals.database.db, {
    userId: user.id,
    shopId: query.shopBizCode,
    cardNo: body.cardNo,
    bankCode: body.bankCode,
    phone: body.phone,
    clientIp: requestClientAddress(context),
  }),
);
