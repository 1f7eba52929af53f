/**
 * Real-name verification providers: one call, `verify({ userId, name, idNumber })`, answering
 * verified or refused with a reason the shopper may read (a provider may also throw an AppError
 * of its own, such as the daily limit). env IDENTITY_PROVIDER picks one:
 *  - tencentcloud (the default): faceid's ID two-element check (identity-checks.server.ts),
 *    results kept and calls limited per user; in a demo it runs against the Tencent Cloud
 *    sandbox;
 *  - local (named, for tests): the format and the GB 11643 check digit, what can be known
 *    without asking the authorities.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { env, type Env } from '#lib/platform/env.server.ts';
import { idNumberProblem, isRealName, RealNameMessages } from './real-name.ts';
import { checkIdCard, faceidFor, type FaceidOptions } from './identity-checks.server.ts';
import type { FaceidClient } from './tencentcloud/faceid.server.ts';

export type Verification = { status: 'verified' } | { status: 'refused'; reason: string };

export interface RealNameProvider {
  readonly name: string;
  verify(input: { userId: number; name: string; idNumber: string }): Promise<Verification>;
}

/** Format and check digit: what can be known without asking the authorities. */
export const localProvider: RealNameProvider = {
  name: 'local',
  async verify({ name, idNumber }) {
    if (!isRealName(name)) return { status: 'refused', reason: RealNameMessages.NAME };
    const problem = idNumberProblem(idNumber);
    if (problem) return { status: 'refused', reason: RealNameMessages[problem] };
    return { status: 'verified' };
  },
};

/** faceid's IdCardVerification, kept and limited per user (refusals are thrown as AppErrors). */
export function tencentCloudProvider(db: DbOrTx, faceid: FaceidClient): RealNameProvider {
  return {
    name: 'tencentcloud',
    async verify({ userId, name, idNumber }) {
      await checkIdCard(db, faceid, { userId, name, idNumber });
      return { status: 'verified' };
    },
  };
}

/** Which provider the settings name. */
export function identityProviderName(config: Env = env()): 'local' | 'tencentcloud' {
  return config.IDENTITY_PROVIDER;
}

/** The provider in use. */
export function realNameProvider(db: DbOrTx, options: FaceidOptions = {}): RealNameProvider {
  return identityProviderName(options.config) === 'tencentcloud'
    ? tencentCloudProvider(db, faceidFor(db, options))
    : localProvider;
}
