import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/fixtures/chromium.ts';
import { E2E_WORKERS } from './tests/e2e/workers.ts';

// Each worker talks to its own shop (global setup starts one per worker). Playwright loads this
// file in every worker with TEST_PARALLEL_INDEX set, which stays the same across worker restarts.
const parallelIndex = process.env['TEST_PARALLEL_INDEX'];
if (parallelIndex !== undefined) process.env['SHOP_URL'] = process.env[`SHOP_URL_${parallelIndex}`];

/** End-to-end specs run the built shop (global setup starts it) in the system Chromium. */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 30_000,
  reporter: 'list',
  use: {
    baseURL: process.env.SHOP_URL,
    browserName: 'chromium',
    // A mid-range phone: the shop's main user.
    viewport: { width: 375, height: 667 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: devices['Pixel 5'].userAgent,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'off',
  },
});
