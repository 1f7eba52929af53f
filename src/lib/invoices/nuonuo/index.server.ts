/**
 * Issuing through 诺诺's open platform (decision 048): what the invoices area uses.
 *
 * - invoiceProvider(db): the configured InvoiceProvider (the real adapter; in a demo pointed at
 *   the sandbox of this server).
 * - nuonuoSeller(db): the 税号 the account issues for (and the sandbox's registered name).
 * - handleNuonuoSandbox / startNuonuoSandbox / runNuonuoSandbox / sandboxNuonuoFetch: the
 *   sandbox platform (demo only), its worker, and an in-process fetch for tests.
 * - invoiceReadiness: npm run doctor's probe.
 */
export { invoiceProvider, nuonuoSeller, type ProviderOptions } from './settings.server.ts';
export { invoiceReadiness } from './readiness.server.ts';
export {
  SANDBOX_PREFIX as NUONUO_SANDBOX_PREFIX,
  handleNuonuoSandbox,
  sandboxNuonuoFetch,
} from './sandbox/service.server.ts';
export { runNuonuoSandbox, startNuonuoSandbox } from './sandbox/callbacks.server.ts';

/** Where the shop receives 诺诺's result callbacks (the invoices area's endpoint). */
export const NUONUO_NOTIFY_PATH = '/api/invoice/notify/nuonuo';
