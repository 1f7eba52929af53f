/**
 * Kuaidi100's protocol (快递100 实时查询 poll/query.do, 订阅 poll, 推送 to the callback URL), shared
 * by the adapter and the sandbox: the signatures, the time format, the answers' shapes and texts.
 *
 * - 实时查询: a form of `customer`, `sign` = MD5(param + key + customer) in upper-case hex, `param`
 *   (JSON: com, num, phone, from, to, resultv2).
 * - 订阅: a form of `schema=json` and `param` (JSON: company, number, from, to, key, parameters
 *   {callbackurl, salt, resultv2, phone}); answered { result, returnCode, message }.
 * - 推送: a form of `param` (JSON: status, message, lastResult with every trace, newest first)
 *   and `sign` = MD5(param + salt) in upper-case hex; the receiver answers
 *   { result: true, returnCode: '200', message: '成功' } or is pushed again later.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { chinaDateTime } from '#lib/platform/time.ts';

/** The real service. */
export const KUAIDI100_BASE_URL = 'https://poll.kuaidi100.com/';
export const QUERY_PATH = 'poll/query.do';
export const SUBSCRIBE_PATH = 'poll';

/** MD5 of the UTF-8 text, upper-case hex (the only digest the service's MD5 mode accepts). */
export function md5Upper(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();
}

/** The sign of a real-time query. */
export function querySign(param: string, key: string, customer: string): string {
  return md5Upper(param + key + customer);
}

/** The sign of a push: the param's exact text and the salt the subscription gave. */
export function pushSign(param: string, salt: string): string {
  return md5Upper(param + salt);
}

/** Whether `sign` is the push sign of `param` under `salt` (compared in constant time). */
export function verifyPushSign(param: string, sign: string, salt: string): boolean {
  const expected = Buffer.from(pushSign(param, salt));
  const given = Buffer.from(sign.trim().toUpperCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** 2026-11-20 10:00:00: the service's times, in China time. */
export const chinaTime = chinaDateTime;

/** The instant of a service time (China time); null for text that is not one. */
export function parseChinaTime(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const at = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +(s ?? 0)) - CHINA_OFFSET_MS;
  return Number.isNaN(at) ? null : new Date(at);
}

/** 快递单当前状态 (state): the ones the shop acts on. */
export const ParcelState = {
  InTransit: '0',
  PickedUp: '1',
  Trouble: '2',
  Signed: '3',
  Returned: '4',
  Delivering: '5',
} as const;

/** The state names resultv2=1 adds to each trace. */
export const STATE_NAMES: Record<string, string> = {
  '0': '在途',
  '1': '揽收',
  '2': '疑难',
  '3': '签收',
  '4': '退签',
  '5': '派件',
  '6': '退回',
  '7': '转投',
};

/** One trace as the service sends it. */
export interface Kuaidi100Trace {
  time: string;
  ftime: string;
  context: string;
  /** With resultv2=1: the state's name (在途, 签收, …). */
  status?: string;
  areaCode?: string | null;
  areaName?: string | null;
}

export interface QueryParam {
  com: string;
  num: string;
  phone?: string;
  from?: string;
  to?: string;
  resultv2?: string;
  show?: string;
  order?: string;
}

/** A query's answer: the traces, or result false with a returnCode. */
export interface QueryAnswer {
  message: string;
  nu?: string;
  ischeck?: string;
  com?: string;
  status?: string;
  state?: string;
  condition?: string;
  data?: Kuaidi100Trace[];
  result?: boolean;
  returnCode?: string;
}

export interface SubscribeParam {
  company: string;
  number: string;
  from?: string;
  to?: string;
  key: string;
  parameters: {
    callbackurl: string;
    salt?: string;
    resultv2?: string;
    phone?: string;
  };
}

export interface SubscribeAnswer {
  result: boolean;
  returnCode: string;
  message: string;
}

/** The subscription answers the shop reads. */
export const SubscribeCode = {
  Accepted: '200',
  /** POLL:重复订阅 — the number is already watched: as good as accepted. */
  Repeated: '501',
} as const;

/** What a receiver answers a push it took. */
export const PUSH_RECEIVED = { result: true, returnCode: '200', message: '成功' } as const;

const trace = z.object({
  time: z.string(),
  ftime: z.string().optional(),
  context: z.string(),
  status: z.string().optional(),
  areaCode: z.string().nullish(),
  areaName: z.string().nullish(),
});

/** The push's `param`, as far as the shop reads it. */
export const pushParamSchema = z.object({
  /** polling, shutdown (signed, watching ended), abort (given up: 3天查询无记录, 60天无变化), updateall. */
  status: z.string(),
  message: z.string().optional().default(''),
  autoCheck: z.string().optional(),
  comOld: z.string().optional(),
  comNew: z.string().optional(),
  lastResult: z.object({
    message: z.string().optional(),
    state: z.string().optional().default(''),
    status: z.string().optional(),
    ischeck: z.string().optional(),
    com: z.string(),
    nu: z.string(),
    data: z.array(trace).default([]),
  }),
});

export type PushParam = z.infer<typeof pushParamSchema>;
