/** The pages of each way to be certified: its form and the page showing what was submitted. */
import type { RouteName } from '#lib/platform/routes.ts';
import type { CertificationKind } from '../status.ts';

export const KIND_ROUTES: Record<CertificationKind, { form: RouteName; view: RouteName }> = {
  individual: { form: 'personal', view: 'personal-view' },
  business: { form: 'individual', view: 'individual-view' },
  enterprise: { form: 'enterprise', view: 'enterprise-view' },
};
