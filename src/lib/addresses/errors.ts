/** The addresses' refusals: someone else's or a missing address, the cap, and each field's rule. */
import type { ErrorEntry } from '#lib/platform/errors.ts';
import { AddressMessages } from './addresses.ts';

export const AddressErrors = {
  /** Missing, deleted or another user's: the same answer, so no one learns which. */
  ADDRESS_NOT_FOUND: { code: 40421, message: '收货地址不存在或已删除' },
  ADDRESS_LIMIT: { code: 40921, message: AddressMessages.LIMIT },
  ADDRESS_NAME: { code: 40021, message: AddressMessages.NAME },
  ADDRESS_PHONE: { code: 40022, message: AddressMessages.PHONE },
  ADDRESS_REGION: { code: 40023, message: AddressMessages.REGION },
  ADDRESS_DETAIL: { code: 40024, message: AddressMessages.DETAIL },
} as const satisfies Record<string, ErrorEntry>;
