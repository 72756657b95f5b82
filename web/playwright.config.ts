import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

/**
 * End-to-end tests against the real `packline` binary (web/dist embedded), on a fresh
 * SQLite file with the demo organisation. CI can point them elsewhere (for instance
 * PostgreSQL): PACKLINE_E2E_CMD replaces the server command, PACKLINE_E2E_URL its base URL
 * (with PACKLINE_E2E_URL alone and no command, an already running server is used), and
 * PACKLINE_E2E_DB names that server's database (a SQLite file or a postgres:// URL).
 *
 * Two workers by default (PACKLINE_E2E_WORKERS to change). Each hands one browser tab
 * from test to test (e2e/fixtures.ts), which makes a test's page loads cheap enough that one
 * worker leaves a core idle a third of the time, waiting on the server and on the page's
 * timers; two keep both busy (the SQLite run: 328 s with one, 240 s with two). Every test is
 * on its own: each worker signs in once as an account of its own,
 * made in the server's database (see e2e/fixtures.ts), so no two tests share saved
 * preferences; the few tests that change the organisation's settings take turns through a
 * lock. Without a reachable database (PACKLINE_E2E_URL alone) every worker is the demo
 * user: run those with --workers 1.
 */
const port = Number(process.env.PACKLINE_E2E_PORT ?? 18_437);
const baseURL = process.env.PACKLINE_E2E_URL ?? `http://127.0.0.1:${port}`;
const external = Boolean(process.env.PACKLINE_E2E_CMD || process.env.PACKLINE_E2E_URL);
// Kept in the environment so the test workers (which load this file again) know the
// database and the run too: the fixtures make each worker's account with `packline user
// create`, its email tagged with the run.
if (!external) process.env.PACKLINE_E2E_DB ??= path.join(os.tmpdir(), `packline-e2e-${process.pid}-${Date.now()}.db`);
process.env.PACKLINE_E2E_RUN ??= `${process.pid.toString(36)}${Date.now().toString(36)}`;
const command =
  process.env.PACKLINE_E2E_CMD ??
  `../bin/packline serve --addr 127.0.0.1:${port} --db ${process.env.PACKLINE_E2E_DB} --demo --log-level warn`;
const useExistingServer = Boolean(process.env.PACKLINE_E2E_URL && !process.env.PACKLINE_E2E_CMD);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: Number(process.env.PACKLINE_E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // Wide margins, not timings: on a 2-core machine busy with other work a cold load of the
  // app (every test's browser starts with an empty cache) waits seconds for the CPU.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // A trace records every action's DOM and screen: about a third of a test's time. It is
    // taken when a failed test runs again (CI retries once), where it explains the failure.
    trace: 'on-first-retry',
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
        // Loading the demo takes seconds, on PostgreSQL on a loaded machine close to a
        // minute: a wide margin, so that a busy machine never fails the run here.
        timeout: 180_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
