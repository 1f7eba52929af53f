/**
 * Membership's refusals. A refused role answers 40301, never 403: code 403 means "logged out"
 * to the client (commerce §8).
 */
import { Messages, type ErrorEntry } from '#lib/platform/errors.ts';

export const MembershipErrors = {
  SWITCH_TO_MANAGER: { code: 40301, message: Messages.SWITCH_TO_MANAGER },
  NOT_SHOP_OWNER: { code: 40301, message: Messages.NOT_SHOP_OWNER },
  KEEPER_DISABLED: { code: 40301, message: '您的店主身份已被停用，请联系店铺' },
  SHOP_HAS_NO_OWNER: { code: 404, message: '该店铺尚未绑定店主' },
  ALREADY_KEEPER: { code: 409, message: '您已经是本店店主，无需重复申请' },
  ALREADY_ADMIN: { code: 409, message: '您已经是本店管理员' },
  OWNER_NEEDS_NO_ADMIN: { code: 409, message: '您是本店店主，无需申请管理员' },
  ADMIN_GRANT_INVALID: { code: 409, message: Messages.ADMIN_GRANT_INVALID },
  USER_VERIFY_CODE_FORMAT: { code: 400, message: '核对码应为6位数字' },
} as const satisfies Record<string, ErrorEntry>;
