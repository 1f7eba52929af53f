import { RealNameContracts } from '#lib/identity/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { saveRealName } from '#lib/identity/index.server.ts';

/** 实名认证 / 修改实名信息: verifies and saves the caller's real name. */
export const POST = endpoint(RealNameContracts.save, ({ body, user, context }) =>
  saveRealName(context.locals.database.db, user.id, body),
);
