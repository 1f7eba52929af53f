/** How many Playwright workers the end-to-end run uses (E2E_WORKERS overrides; 2 cores → 2). */
export const E2E_WORKERS = Math.max(1, Number(process.env['E2E_WORKERS'] ?? 2));
