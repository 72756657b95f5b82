import { expect, test, type Browser, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Accounts from the very beginning: a server of its own on an empty database (no --demo),
 * its mail written to the log (no --smtp-url), which this spec reads the links from. The
 * first account signs up as admin, invites a staff member who accepts through the mailed
 * link, and that member recovers a password through the mailed link. Mail not being
 * configured shows: a banner for the admin, invitations that say they were not mailed and
 * offer their link to copy (the same link the log holds), mails listed as logged, not sent,
 * and a recovery page that says no mail went out.
 */

let server: ChildProcess;
let baseURL = '';
let dir = '';
const log: string[] = [];

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'packline-accounts-'));
  server = spawn('../bin/packline', ['serve', '--addr', '127.0.0.1:0', '--db', path.join(dir, 'accounts.db'), '--log-level', 'info'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stderr!.setEncoding('utf8').on('data', (chunk: string) => log.push(...chunk.split('\n')));
  baseURL = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    server.on('exit', (code) => reject(new Error(`packline exited with ${code}: ${log.join('\n')}`)));
  });
});

test.afterAll(() => {
  server?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The link of the latest mail to `to`, from the server's log (mail is logged without --smtp-url). */
async function mailedLink(to: string, seen = 0): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      const mails = log
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg: string; to?: string; text?: string })
        .filter((e) => e.msg.startsWith('mail not sent') && e.to === to);
      if (mails.length <= seen) return '';
      link = /https?:\/\/\S+/.exec(mails[mails.length - 1].text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

function mailCount(to: string): number {
  return log.filter((l) => l.includes('"mail not sent') && l.includes(`"to":"${to}"`)).length;
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'America/Chicago' });
  await context.addInitScript(() => localStorage.setItem('packline.language', 'gb'));
  return context.newPage();
}

const ADMIN = { email: 'ada@example.org', password: 'a long and rare pass' };
const STAFF = { email: 'sam@example.org', password: 'sam packs boxes daily', next: 'a brand new secret phrase' };

test('first admin, invitation by mail, password recovery by mail', async ({ browser }) => {
  // Three people, three browsers and a dozen pages: more than one ordinary test's time.
  test.setTimeout(180_000);
  // The very first account of an empty organisation becomes its admin.
  const admin = await freshPage(browser);
  await admin.goto(`${baseURL}/auth/login`);
  await admin.getByRole('link', { name: 'Terms of use' }).click();
  await expect(admin.getByRole('heading', { name: 'Terms of use' })).toBeVisible();
  await admin.getByRole('link', { name: 'Create account' }).click();
  await expect(admin.getByText('You are the first')).toBeVisible();
  await admin.getByLabel('First name').fill('Ada');
  await admin.getByLabel('Last name').fill('Admin');
  await admin.getByLabel('Email').fill(ADMIN.email);
  await admin.getByLabel(/^Password/).fill('password1234');
  await admin.getByRole('checkbox').check();
  await admin.getByRole('button', { name: 'Create account' }).click();
  await expect(admin.getByText('This password is too common')).toBeVisible();
  await admin.getByLabel(/^Password/).fill(ADMIN.password);
  await admin.getByRole('button', { name: 'Create account' }).click();
  await expect(admin).toHaveURL(/\/dashboard$/);
  // No --smtp-url: the admin is told on every screen.
  await expect(admin.getByTestId('mail-banner')).toContainText('Mail is not configured: messages are written to the server log, not sent.');

  // Invite a staff member from the users screen.
  await admin.goto(`${baseURL}/users`);
  await expect(admin.getByRole('cell', { name: ADMIN.email })).toBeVisible();
  await admin.getByRole('button', { name: 'Invite by email' }).click();
  await admin.getByRole('dialog').getByLabel('Email').fill(STAFF.email);
  await admin.getByRole('button', { name: 'Send invitation' }).click();
  // Not mailed, and said so: the link is shown to copy, the same one the log holds.
  const invited = admin.getByRole('dialog', { name: `Invitation for ${STAFF.email}` });
  await expect(invited.getByTestId('invitation-mail')).toHaveText(`Not mailed: mail is not configured. Copy the link and send it to ${STAFF.email} yourself.`);
  await expect(invited).not.toContainText('Invitation sent');
  const shown = await invited.getByLabel('Invitation link').inputValue();
  await admin.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await invited.getByRole('button', { name: 'Copy link' }).click();
  await expect(invited.getByText('Link copied.')).toBeVisible();
  expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  const first = await mailedLink(STAFF.email);
  expect(new URL(first).pathname).toBe('/auth/signup');
  expect(first).toBe(shown);
  await invited.getByRole('button', { name: 'Close' }).click();
  const outgoing = admin.getByRole('table', { name: 'Outgoing mail' });
  await expect(outgoing.getByRole('row', { name: new RegExp(STAFF.email) })).toContainText('Logged, not sent');
  await expect(outgoing).not.toContainText(/\bSent\b/);

  // Pending invitations: listed; one revoked after confirming, the other resent with a new link.
  await admin.getByRole('button', { name: 'Invite by email' }).click();
  await admin.getByRole('dialog').getByLabel('Email').fill('cy@example.org');
  await admin.getByRole('button', { name: 'Send invitation' }).click();
  await admin.getByRole('dialog', { name: 'Invitation for cy@example.org' }).getByRole('button', { name: 'Close' }).click();
  const pending = admin.getByTestId('pending-invitations');
  await expect(pending.getByText('2 pending invitations')).toBeVisible();
  await pending.getByRole('button', { name: 'Revoke the invitation to cy@example.org' }).click();
  await admin.getByRole('dialog', { name: 'Revoke the invitation to cy@example.org?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(pending.getByText('1 pending invitation')).toBeVisible();
  await expect(pending.getByText('cy@example.org')).toBeHidden();
  const sent = mailCount(STAFF.email);
  await pending.getByRole('button', { name: `Resend the invitation to ${STAFF.email}` }).click();
  const resent = admin.getByRole('dialog', { name: `Invitation for ${STAFF.email}` });
  await expect(resent.getByTestId('invitation-mail')).toContainText('Not mailed: mail is not configured. Copy the new link');
  const invitation = await mailedLink(STAFF.email, sent);
  expect(invitation).not.toBe(first);
  await expect(resent.getByLabel('Invitation link')).toHaveValue(invitation);
  await resent.getByRole('button', { name: 'Close' }).click();

  // Without the invitation, signup is closed.
  const staff = await freshPage(browser);
  await staff.goto(`${baseURL}/auth/signup`);
  await expect(staff.getByText('Signing up is by invitation only')).toBeVisible();
  // The mailed link fills in the address.
  await staff.goto(invitation);
  await expect(staff.getByLabel('Email')).toHaveValue(STAFF.email);
  await staff.getByLabel('First name').fill('Sam');
  await staff.getByLabel('Last name').fill('Staff');
  await staff.getByLabel(/^Password/).fill(STAFF.password);
  await staff.getByRole('checkbox').check();
  await staff.getByRole('button', { name: 'Create account' }).click();
  await expect(staff).toHaveURL(/\/dashboard$/);

  await admin.reload();
  const row = admin.getByRole('row', { name: new RegExp(STAFF.email) });
  await expect(row.getByText('Staff', { exact: true })).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();

  // Recovery: ask on the login page, follow the mailed link, set a new password.
  const seen = mailCount(STAFF.email);
  const visitor = await freshPage(browser);
  await visitor.goto(`${baseURL}/auth/login`);
  await visitor.getByRole('link', { name: 'Recover password' }).click();
  await visitor.getByLabel('Email').fill(STAFF.email);
  await visitor.getByRole('button', { name: 'Send reset link' }).click();
  await expect(visitor).toHaveURL(/\/auth\/recover-password-email$/);
  await expect(visitor.getByRole('heading', { name: 'Mail is not configured' })).toBeVisible();
  const reset = await mailedLink(STAFF.email, seen);
  expect(new URL(reset).pathname).toBe('/auth/recover-password');
  await visitor.goto(reset);
  await visitor.getByLabel(/^New password/).fill(STAFF.next);
  await visitor.getByRole('button', { name: 'Reset password' }).click();
  await expect(visitor.getByText('Your password has been changed')).toBeVisible();

  // The old session is gone; the link works once; the new password signs in.
  await staff.reload();
  await expect(staff).toHaveURL(/\/auth\/login/);
  await visitor.goto(reset);
  await visitor.getByLabel(/^New password/).fill('yet another long phrase');
  await visitor.getByRole('button', { name: 'Reset password' }).click();
  await expect(visitor.getByText('This password reset link is not valid any more')).toBeVisible();
  await visitor.goto(`${baseURL}/auth/login`);
  await visitor.getByLabel('Email').fill(STAFF.email);
  await visitor.getByLabel(/^Password/).fill(STAFF.next);
  await visitor.getByRole('button', { name: 'Sign in' }).click();
  await expect(visitor).toHaveURL(/\/dashboard$/);
});
