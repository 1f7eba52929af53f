/**
 * The platform's text of every agreement type: what a shop has as version 1 until its manager
 * publishes its own (agreements.server.ts installs it with the first write that needs it).
 */
import type { AgreementType } from '../types.ts';
import {
  ACCOUNT_CANCELLATION,
  PERSONAL_INFO_CONSENT,
  PRIVACY_POLICY,
  REGISTRATION_AGREEMENT,
} from './account.ts';
import {
  IND_COM_PROTOCOL,
  INDIVIDUAL_PROTOCOL,
  TAX_BANK_AGREEMENT,
  TAX_BANK_COMMITMENT,
  TAX_INDIVIDUAL_PROTOCOL,
  TEMPORARY_PROTOCOL,
} from './certification.ts';
import { COMMITMENT, COMPLIANCE_DOCUMENT, COMPLIANCE_NOTICE } from './compliance.ts';
import { SHOP_KEEPER_AGREEMENT } from './keeper.ts';
import {
  UNBIND_AGREEMENT,
  UNBIND_INSTRUCTION,
  UNBIND_INSTRUCTION_ENT,
  UNBIND_TRANSFER,
} from './unbinding.ts';
import type { AgreementText } from './text.ts';

export type { AgreementText } from './text.ts';

export const PLATFORM_TEXTS: Record<AgreementType, AgreementText> = {
  registrationProtocol: REGISTRATION_AGREEMENT,
  userPrivacyPolicy: PRIVACY_POLICY,
  shopKeeperProtocol: SHOP_KEEPER_AGREEMENT,
  personalInfoConsent: PERSONAL_INFO_CONSENT,
  accountCancellation: ACCOUNT_CANCELLATION,
  individualProtocol: INDIVIDUAL_PROTOCOL,
  indComProtocol: IND_COM_PROTOCOL,
  temporaryProtocol: TEMPORARY_PROTOCOL,
  taxIndividualProtocol: TAX_INDIVIDUAL_PROTOCOL,
  taxBankAgreement: TAX_BANK_AGREEMENT,
  taxBankCommitment: TAX_BANK_COMMITMENT,
  unbindAgreement: UNBIND_AGREEMENT,
  unbindInstruction: UNBIND_INSTRUCTION,
  unbindInstructionEnt: UNBIND_INSTRUCTION_ENT,
  unbindTransfer: UNBIND_TRANSFER,
  commitment: COMMITMENT,
  complianceNotice: COMPLIANCE_NOTICE,
  complianceDocument: COMPLIANCE_DOCUMENT,
};
