/** The carriers a shop ships with (发货): the code stored on the parcel and the name shown. */
export const CARRIERS = [
  { code: 'SF', name: '顺丰速运' },
  { code: 'ZTO', name: '中通快递' },
  { code: 'YTO', name: '圆通速递' },
  { code: 'STO', name: '申通快递' },
  { code: 'YD', name: '韵达快递' },
  { code: 'JTSD', name: '极兔速递' },
  { code: 'JD', name: '京东物流' },
  { code: 'EMS', name: '中国邮政EMS' },
] as const;

export type CarrierCode = (typeof CARRIERS)[number]['code'];

export function isCarrier(code: string): code is CarrierCode {
  return CARRIERS.some((c) => c.code === code);
}

/** The carrier's name, or null for a code not in the list. */
export function carrierName(code: string): string | null {
  return CARRIERS.find((c) => c.code === code)?.name ?? null;
}
