/**
 * The addresses' endpoint contracts (shell §7 "Other shared helpers": address list / add /
 * update / delete / detail / split / search), all for the signed-in caller's own addresses, plus
 * the region picker's one province at a time. The specification names the calls, not their
 * paths: they live under /api/member/xdwxh5/address/.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { MAX_ROW_ID } from '#lib/platform/ids.ts';
import { rowIdSchema } from '#lib/platform/id-schemas.ts';
import { PASTE_MAX, type Address, type SplitAddress } from './addresses.ts';
import type { CityRegions, RegionPath } from './regions.ts';

const BASE = '/api/member/xdwxh5/address';

const addressId = z.number().int().min(1).max(MAX_ROW_ID);
/** The fields of an address; their rules (addresses.ts) are the command's, with its error entries. */
const fields = {
  name: z.string().max(100),
  phone: z.string().max(32),
  province: z.string().max(40),
  city: z.string().max(40),
  district: z.string().max(40),
  detail: z.string().max(400),
  isDefault: z.boolean().default(false),
};

export const AddressContracts = {
  /** The caller's addresses, the default first, then the newest. */
  list: contract<Address[]>()({ method: 'GET', path: `${BASE}/list`, access: 'signed-in' }),
  detail: contract<Address>()({
    method: 'GET',
    path: `${BASE}/detail`,
    query: { id: rowIdSchema('地址编号格式不正确') },
    access: 'signed-in',
  }),
  add: contract<Address>()({
    method: 'POST',
    path: `${BASE}/add`,
    body: fields,
    access: 'signed-in',
    message: '地址已保存',
  }),
  update: contract<Address>()({
    method: 'POST',
    path: `${BASE}/update`,
    body: { id: addressId, ...fields },
    access: 'signed-in',
    message: '地址已保存',
  }),
  delete: contract<null>()({
    method: 'POST',
    path: `${BASE}/delete`,
    body: { id: addressId },
    access: 'signed-in',
    message: '地址已删除',
  }),
  /** 智能识别: the parts of a pasted address. */
  split: contract<SplitAddress>()({
    method: 'POST',
    path: `${BASE}/split`,
    body: { text: z.string().max(PASTE_MAX, `请粘贴${PASTE_MAX}字以内的地址`) },
    access: 'signed-in',
  }),
  /** Districts by name (西湖 → 浙江省 杭州市 西湖区): the address-search page. */
  search: contract<RegionPath[]>()({
    method: 'GET',
    path: `${BASE}/search`,
    query: { keyword: z.string().max(40) },
    access: 'signed-in',
  }),
  /** The region picker: one province's cities with their districts. */
  regions: contract<CityRegions[]>()({
    method: 'GET',
    path: `${BASE}/regions`,
    query: { province: z.string().regex(/^\d{2}0000$/, '省份编码不正确') },
    access: 'signed-in',
  }),
};
