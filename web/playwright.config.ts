import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

/**
 * End-to-end tests against the real `packline` binary (web/dist embedded), on a fresh
 * SQLite file with the demo organisation. CI can point them elsewhere (for instance
 * PostgreSQL): PACKLINE_E2E_CMD replaces the server command, PACKLINE_E2E_URL its base URL
 * (with PACKLINE_E2E_URL alone and no command, an already running server is used).
 */
const port = Number(process.env.PACKLINE_E2E_PORT ?? 18_437);
const baseURL = process.env.PACKLINE_E2E_URL ?? `http://127.0.0.1:${port}`;
// Kept in the environment so the test workers (which load this file again) know the
// database too: tests that need more accounts create them with `packline user create`.
const dbFile = (process.env.PACKLINE_E2E_DB ??= path.join(os.tmpdir(), `packline-e2e-${process.pid}-${Date.now()}.db`));
const command =
  process.env.PACKLINE_E2E_CMD ?? `../bin/packline serve --addr 127.0.0.1:${port} --db ${dbFile} --demo --log-level warn`;
const useExistingServer = Boolean(process.env.PACKLINE_E2E_URL && !process.env.PACKLINE_E2E_CMD);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // One worker: the tests share the demo user's saved preferences.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    timezoneId: 'America/Chicago',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: process.env.PACKLINE_CHROMIUM ?? '/usr/bin/chromium',
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
    },
  ],
  webServer: useExistingServer
    ? undefined
    : {
        command,
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        timeout: 60_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
