/** Where a paper invoice goes, as one line: 浙江省杭州市西湖区文三路90号 (a municipality once). */
export function mailingPlace(a: {
  province: string;
  city: string;
  district: string;
  detail: string;
}): string {
  return `${a.province}${a.city === a.province ? '' : a.city}${a.district}${a.detail}`;
}
