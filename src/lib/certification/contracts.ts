/**
 * The keeper's certification calls (issue #30; the specification names the pages, not the calls,
 * so these follow the keeper's /api/member/xdwxh5 family): read where they stand, save a draft,
 * upload a photo, submit; the shop owner's review of a business's documents. Every call is the
 * caller's own in the shop of the query; none takes a keeper id.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import type { CertificationScreen } from './screen.server.ts';
import type { CertificationView, ReviewItem } from './certifications.server.ts';
import type { BusinessCustomerGrey, GreyDistributor } from './grey.server.ts';
import { CERTIFICATION_KINDS } from './status.ts';
import { MAX_CERTIFICATION_REASON } from './rules.ts';

export type {
  BusinessCustomerGrey,
  CertificationScreen,
  CertificationView,
  GreyDistributor,
  ReviewItem,
};

const photoId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const kind = z.enum(Object.keys(CERTIFICATION_KINDS) as ['individual', 'business', 'enterprise'], {
  error: '请选择认证类型',
});

export const CertificationContracts = {
  /** Where the keeper stands: certification, consent, real name, agreements, readiness. */
  screen: contract<CertificationScreen>()({
    method: 'GET',
    path: '/api/member/xdwxh5/certification/info',
    query: { shopBizCode: shopIdSchema, kind: kind.optional() },
    access: 'signed-in',
  }),
  /** Saves what was filled in; fields not sent keep what was saved. */
  saveDraft: contract<CertificationView>()({
    method: 'POST',
    path: '/api/member/xdwxh5/certification/draft',
    query: { shopBizCode: shopIdSchema },
    body: {
      kind,
      subjectName: z.string().max(80, '名称过长').optional(),
      creditCode: z.string().max(40, '统一社会信用代码有误，请核对').optional(),
      representative: z.string().max(40, '姓名过长').optional(),
      idFrontPhotoId: photoId.optional(),
      idBackPhotoId: photoId.optional(),
      licencePhotoId: photoId.optional(),
      documentValidUntil: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, '请填写证件有效期')
        .nullable()
        .optional(),
    },
    access: 'signed-in',
    message: '已保存',
  }),
  /** A photo of an ID card side or a licence: the raw image bytes, stored private. */
  uploadPhoto: contract<{ photoId: number; url: string }>()({
    method: 'POST',
    path: '/api/member/xdwxh5/certification/photo',
    query: { shopBizCode: shopIdSchema },
    body: 'binary',
    access: 'signed-in',
  }),
  /** A certification photo, for its uploader and the reviewing owner only. */
  photo: contract<never>()({
    method: 'GET',
    path: '/api/member/xdwxh5/certification/photo/{photoId}',
    params: { photoId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) },
    access: 'signed-in',
  }),
  submit: contract<CertificationView>()({
    method: 'POST',
    path: '/api/member/xdwxh5/certification/submit',
    query: { shopBizCode: shopIdSchema },
    access: 'signed-in',
    message: '已提交认证',
  }),
  /** The owner's queue of businesses and companies waiting for review (null: not the owner). */
  reviewList: contract<{ list: ReviewItem[] }>()({
    method: 'GET',
    path: '/api/member/xdwxh5/certification/review/list',
    query: { shopBizCode: shopIdSchema },
    access: 'signed-in',
  }),
  /** The owner's decision on a business's or company's documents. */
  review: contract<CertificationView>()({
    method: 'POST',
    path: '/api/member/xdwxh5/certification/review',
    query: { shopBizCode: shopIdSchema },
    body: {
      certificationId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
      approve: z.boolean(),
      reason: z.string().trim().max(MAX_CERTIFICATION_REASON, '原因不超过100字').optional(),
    },
    access: 'signed-in',
    message: '已处理',
  }),
  /** isGreyDistributor: the caller keeps the shop but is not paid out yet (临时协议). */
  greyDistributor: contract<GreyDistributor>()({
    method: 'GET',
    path: '/api/member/xdwxh5/isGreyDistributor',
    query: { shopBizCode: shopIdSchema },
    access: 'signed-in',
  }),
  /** businessCustomer/isGrey: the caller is a business keeper whose documents await approval. */
  businessCustomerGrey: contract<BusinessCustomerGrey>()({
    method: 'GET',
    path: '/api/member/xdwxh5/businessCustomer/isGrey',
    query: { shopBizCode: shopIdSchema },
    access: 'signed-in',
  }),
};
