import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same engine without the
 * full browser's window machinery, which took half of these two cores' time in the browser tests
 * (52 tests: 80 s with /usr/bin/chromium, 47 s with the shell). The full browser when only it is there.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

/**
 * End-to-end tests in Debian's Chromium headless shell (never a downloaded browser), against the real server
 * on a free port over a fresh temporary database; see tests/e2e/global-setup.ts.
 */
export default defineConfig({
  testDir: './tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  // Two workers on the 2-core machines we run on: most of a browser test is waiting on the page.
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30000,
  expect: { timeout: 10000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.E2E_BASE_URL,
    // No trace: recording one (each step's page as DOM, written to disk, then dropped when the test
    // passes) cost a tenth of the browser tests' time on these two cores (model-paths-office.spec.ts:
    // 2.6 min without, 2.9 min with), for files CI never keeps. A failure still leaves its page's
    // snapshot (error-context.md); `npx playwright test --trace retain-on-failure` records them.
    trace: 'off',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
