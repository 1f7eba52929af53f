/**
 * Tencent Cloud faceid (API 3.0, version 2018-03-01): the ID two-element check
 * (IdCardVerification: name + ID number) and the bank-card four-element check
 * (BankCard4EVerification: name, ID number, card, phone). Each answers a Result code ('0' one
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

export interface FaceidClient {
  idCard(input: { name: string; idNumber: string }): Promise<FaceidAnswer>;
  bankCard4(input: {
    name: string;
    idNumber: string;
    cardNo: string;
    phone: string;
  }): Promise<FaceidAnswer>;
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
    return {
      result: answer['Result'],
      description: typeof answer['Description'] === 'string' ? answer['Description'] : '',
    };
  };
  return {
    idCard: ({ name, idNumber }) => call('IdCardVerification', { IdCard: idNumber, Name: name }),
    bankCard4: ({ name, idNumber, cardNo, phone }) =>
      call('BankCard4EVerification', {
        Name: name,
        BankCard: cardNo,
        Phone: phone,
        IdCard: idNumber,
        CertType: 0,
      }),
  };
}
