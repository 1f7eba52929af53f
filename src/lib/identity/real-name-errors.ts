/** Real-name refusals: each rule of the name and the ID number, and the provider's refusal. */
import type { ErrorEntry } from '#lib/platform/errors.ts';
import { RealNameMessages } from './real-name.ts';

export const RealNameErrors = {
  REAL_NAME_INVALID: { code: 40031, message: RealNameMessages.NAME },
  ID_NUMBER_FORMAT: { code: 40032, message: RealNameMessages.ID_FORMAT },
  ID_NUMBER_REGION: { code: 40033, message: RealNameMessages.ID_REGION },
  ID_NUMBER_BIRTH: { code: 40034, message: RealNameMessages.ID_BIRTH },
  ID_NUMBER_CHECK_DIGIT: { code: 40035, message: RealNameMessages.ID_CHECK_DIGIT },
  /** The verification provider said no; its reason is the message when it gives one. */
  REAL_NAME_REFUSED: { code: 40036, message: '实名认证未通过，请核对姓名与身份证号码' },
} as const satisfies Record<string, ErrorEntry>;
