/**
 * The legal area's calls: accepting agreements (the prompt after a new version, an agreement's
 * page), the user's acceptances, the manager's 发布, and the owner's business licence.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import { AGREEMENT_TYPES } from './types.ts';
import type { AcceptanceView, LicenceView, PublishedVersion } from './views.ts';

const shopQuery = { shopBizCode: shopIdSchema };
const agreementType = z.enum(AGREEMENT_TYPES, { error: '协议类型不正确' });
const textHash = z.string().regex(/^[0-9a-f]{64}$/, '协议摘要不正确');
/** Longer than any valid field, shorter than anything harmful: the rules (rules.ts, licence.ts) say why. */
const field = (max: number) => z.string().max(max);

export const LegalContracts = {
  /** 同意: the versions the shopper was shown, each with its text's hash. */
  acceptAgreements: contract<AcceptanceView[]>()({
    method: 'POST',
    path: '/api/member/xdwxh5/legal/agreement/accept',
    query: shopQuery,
    body: {
      agreements: z
        .array(
          z.strictObject({
            type: agreementType,
            version: z.number().int().min(1).max(100_000),
            textHash,
          }),
        )
        .min(1)
        .max(AGREEMENT_TYPES.length),
      /** Where the shopper agreed: the prompt on their next page (default) or the agreement's page. */
      from: z.enum(['prompt', 'page'], { error: '来源不正确' }).optional(),
    },
    access: 'signed-in',
    message: '已同意',
  }),
  /** The caller's acceptances in the shop, newest first. */
  acceptances: contract<AcceptanceView[]>()({
    method: 'GET',
    path: '/api/member/xdwxh5/legal/agreement/acceptances',
    query: shopQuery,
    access: 'signed-in',
  }),
  /** 发布: a new version of a type (the shop's manager). */
  publishAgreement: contract<PublishedVersion>()({
    method: 'POST',
    path: '/api/shop/legal/agreement/publish',
    query: shopQuery,
    body: {
      type: agreementType,
      title: field(200),
      effectiveDate: field(20),
      text: field(60_000),
      baseVersion: z.number().int().min(1).max(100_000).optional(),
    },
    access: { roles: ['M'] },
    message: '发布成功',
  }),
  /** The licence picture, the raw bytes; the licence's once saved (the shop's owner). */
  uploadLicencePicture: contract<{ pictureMediaId: number; pictureUrl: string }>()({
    method: 'POST',
    path: '/api/shop/legal/licence/picture',
    query: shopQuery,
    body: 'binary',
    access: 'signed-in',
    message: '上传成功',
  }),
  /** 保存: the registered facts at once, with the picture uploaded (the shop's owner). */
  saveLicence: contract<LicenceView>()({
    method: 'POST',
    path: '/api/shop/legal/licence',
    query: shopQuery,
    body: {
      kind: field(20),
      name: field(200),
      creditCode: field(40),
      representative: field(100),
      capital: field(100),
      foundedOn: field(20),
      termStart: field(20),
      termEnd: field(20),
      address: field(400),
      scope: field(3000),
      authority: field(100),
      pictureMediaId: z.number().int().min(1).optional(),
    },
    access: 'signed-in',
    message: '保存成功',
  }),
};
