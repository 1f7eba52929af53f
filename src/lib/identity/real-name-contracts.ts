/**
 * Real-name contracts (shell §7 "verified query and checkName"), for the signed-in caller's own
 * record only, and the form's save.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';

export type VerifiedAnswer =
  { verified: true; nameMasked: string; idNumberMasked: string } | { verified: false };

export interface SavedRealName {
  nameMasked: string;
  idNumberMasked: string;
  verified: boolean;
}

const BASE = '/api/member/xdwxh5/verified';

export const RealNameContracts = {
  /** Whether the caller is verified, with the masked name and number when they are. */
  query: contract<VerifiedAnswer>()({ method: 'GET', path: `${BASE}/query`, access: 'signed-in' }),
  /** Whether a payer's name is the caller's verified real name. */
  checkName: contract<{ matched: boolean }>()({
    method: 'POST',
    path: `${BASE}/checkName`,
    body: { name: z.string().max(60) },
    access: 'signed-in',
  }),
  /** 实名认证 / 修改实名信息: verifies and saves the caller's name and ID number. */
  save: contract<SavedRealName>()({
    method: 'POST',
    path: `${BASE}/save`,
    body: { name: z.string().max(60), idNumber: z.string().max(40) },
    access: 'signed-in',
    message: '实名认证成功',
  }),
};
