/**
 * Real-name verification providers: one call, `verify({ name, idNumber })`, answering verified
 * or refused with a reason the shopper may read. The sandbox checks the format and the GB 11643
 * check digit only; a real provider (a licensed identity-check service) implements the same
 * interface and is chosen here.
 */
import { idNumberProblem, isRealName, RealNameMessages } from './real-name.ts';

export type Verification = { status: 'verified' } | { status: 'refused'; reason: string };

export interface RealNameProvider {
  readonly name: string;
  verify(input: { name: string; idNumber: string }): Promise<Verification>;
}

/** Format and check digit: what can be known without asking the authorities. */
export const sandboxProvider: RealNameProvider = {
  name: 'sandbox',
  async verify({ name, idNumber }) {
    if (!isRealName(name)) return { status: 'refused', reason: RealNameMessages.NAME };
    const problem = idNumberProblem(idNumber);
    if (problem) return { status: 'refused', reason: RealNameMessages[problem] };
    return { status: 'verified' };
  },
};

/** The provider in use. */
export function realNameProvider(): RealNameProvider {
  return sandboxProvider;
}
