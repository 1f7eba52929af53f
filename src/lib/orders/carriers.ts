/**
 * The carriers a shop ships with (发货): the code stored on the parcel, the name shown, and the
 * company code Kuaidi100 knows it by (its 快递公司编码 table, always lower case).
 */
export const CARRIERS = [
  { code: 'SF', name: '顺丰速运', kuaidi100: 'shunfeng' },
  { code: 'ZTO', name: '中通快递', kuaidi100: 'zhongtong' },
  { code: 'YTO', name: '圆通速递', kuaidi100: 'yuantong' },
  { code: 'STO', name: '申通快递', kuaidi100: 'shentong' },
  { code: 'YD', name: '韵达快递', kuaidi100: 'yunda' },
  { code: 'JTSD', name: '极兔速递', kuaidi100: 'jtexpress' },
  { code: 'JD', name: '京东物流', kuaidi100: 'jd' },
  { code: 'EMS', name: '中国邮政EMS', kuaidi100: 'ems' },
] as const;

export type CarrierCode = (typeof CARRIERS)[number]['code'];

export function isCarrier(code: string): code is CarrierCode {
  return CARRIERS.some((c) => c.code === code);
}

/** The carrier's name, or null for a code not in the list. */
export function carrierName(code: string): string | null {
  return CARRIERS.find((c) => c.code === code)?.name ?? null;
}

/** Kuaidi100's company code of a carrier, or null for a code not in the list. */
export function kuaidi100Company(code: string): string | null {
  return CARRIERS.find((c) => c.code === code)?.kuaidi100 ?? null;
}

/** The carrier of a Kuaidi100 company code (any case), or null for one the shop does not ship with. */
export function carrierOfKuaidi100(company: string): CarrierCode | null {
  const lower = company.trim().toLowerCase();
  return CARRIERS.find((c) => c.kuaidi100 === lower)?.code ?? null;
}
