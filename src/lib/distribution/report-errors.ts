/** The shop keeper's reports: customers, income, shop data. */
import type { ErrorEntry } from '#lib/platform/errors.ts';

export const ReportErrors = {
  /** Another keeper's customer, or nobody: the same answer. */
  CUSTOMER_NOT_FOUND: { code: 40420, message: '客户不存在' },
} as const satisfies Record<string, ErrorEntry>;
