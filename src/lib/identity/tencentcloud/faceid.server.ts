/**
 * Tencent Cloud faceid (API 3.0, version 2018-03-01): the ID two-element check
 * (IdCardVerification: name + ID number), the bank-card four-element check
 * (BankCard4EVerification: name, ID number, card, phone) and the card's own facts
 * (CheckBankCardInformation: its bank and kind, 1 借记卡 2 贷记卡 3 预付费卡 4 准贷记卡). Each answers a Result code ('0' one
 * person, '-1' not, others: bad input, no record, busy, …) and its Description; the vendor's
 * Error answers are thrown as TencentCloudError.
 */
import { callTencentCloud } from './client.server.ts';

/** The real service's host. */
export const TENCENTCLOUD_FACEID_HOST = 'https://faceid.tencentcloudapi.com';
export const FACEID_API_VERSION = '2018-03-01';

export interface FaceidAnswer {
  result: string;
  description: string;
}

export interface BankCardFacts extends FaceidAnswer {
  /** The issuing bank's name; empty when the card was not found. */
  accountBank: string;
  /** 1 借记卡, 2 贷记卡, 3 预付费卡, 4 准贷记卡; null when the card was not found. */
  accountType: number | null;
}

export interface FaceidClient {
  idCard(input: { name: string; idNumber: string }): Promise<FaceidAnswer>;
  bankCard4(input: {
    name: string;
    idNumber: string;
    cardNo: string;
    phone: string;
  }): Promise<FaceidAnswer>;
  bankCardInfo(input: { cardNo: string }): Promise<BankCardFacts>;
}

export interface TencentCloudFaceidConfig {
  secretId: string;
  secretKey: string;
  baseUrl: string;
  fetch?: typeof fetch | undefined;
  now?: (() => Date) | undefined;
}

export function tencentCloudFaceid(config: TencentCloudFaceidConfig): FaceidClient {
  const call = async (action: string, payload: Record<string, unknown>) => {
    const answer = await callTencentCloud({
      credentials: { secretId: config.secretId, secretKey: config.secretKey },
      baseUrl: config.baseUrl,
      service: 'faceid',
      action,
      version: FACEID_API_VERSION,
      payload,
      fetch: config.fetch,
      now: config.now,
    });
    if (typeof answer['Result'] !== 'string') {
      throw new Error(`Tencent Cloud ${action}: an answer without Result`);
    }
    return answer as Record<string, unknown> & { Result: string };
  };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const verdict = async (action: string, payload: Record<string, unknown>) => {
    const answer = await call(action, payload);
    return { result: answer.Result, description: text(answer['Description']) };
  };
  return {
    idCard: ({ name, idNumber }) => verdict('IdCardVerification', { IdCard: idNumber, Name: name }),
    bankCard4: ({ name, idNumber, cardNo, phone }) =>
      verdict('BankCard4EVerification', {
        Name: name,
        BankCard: cardNo,
        Phone: phone,
        IdCard: idNumber,
        CertType: 0,
      }),
    bankCardInfo: async ({ cardNo }) => {
      const answer = await call('CheckBankCardInformation', { BankCard: cardNo });
      return {
        result: answer.Result,
        description: text(answer['Description']),
        accountBank: text(answer['AccountBank']),
        accountType: typeof answer['AccountType'] === 'number' ? answer['AccountType'] : null,
      };
    },
  };
}
