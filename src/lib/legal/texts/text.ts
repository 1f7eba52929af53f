/** A text the platform gives every shop as version 1 of a type. */
import type { AgreementBody } from '../document.ts';

export interface AgreementText extends AgreementBody {
  title: string;
  /** YYYY-MM-DD. */
  effectiveDate: string;
}
