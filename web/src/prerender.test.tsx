import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthApp } from '@/app/auth-app';
import { mount } from '@/app/mount';
import { changeLanguage } from '@/i18n';
import { mockApi } from '@/test/api-mock';
import { server } from '@/test/msw';
import EmployeePortal from '@/features/timeclock/kiosk/routes/employee-portal';
import { PAGES, renderPage } from './prerender';

/**
 * The public pages as shipped: the markup scripts/prerender.mjs writes into
 * their HTML is hydrated by the same React in the browser, node for node, without a
 * mismatch, and is then interactive.
 */
const page = (name: string) => PAGES.find((p) => p.name === name)!;

// The React root a test hydrated, unmounted after it: left mounted, its scheduled work
// (a query's retry, a timer) ran once the test environment was gone ("window is not defined").
let mounted: Root | undefined;

async function shipAndHydrate(name: string, lang: 'gb' | 'ir', app: React.ReactNode) {
  const markup = await renderPage(page(name), lang, 'dark');
  window.history.replaceState(null, '', page(name).path);
  const html = document.documentElement;
  html.setAttribute('data-prerendered', `${lang} dark`);
  html.setAttribute('data-mantine-color-scheme', 'dark');
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = markup;
  document.body.appendChild(root);
  const before = [...root.querySelectorAll('*')];
  const languagesBefore = [...root.querySelectorAll('[data-testid="language-select"] option')].map((o) => o.textContent);
  expect(root.querySelector('form, nav')).toHaveAttribute('inert');
  const errors = vi.spyOn(console, 'error');
  const reported: unknown[] = [];
  const onError = (e: ErrorEvent) => reported.push(e.error ?? e.message);
  window.addEventListener('error', onError);
  await act(async () => {
    mounted = mount(app);
  });
  await act(() => new Promise((r) => setTimeout(r, 50)));
  window.removeEventListener('error', onError);
  return { root, before, errors, reported, languagesBefore };
}

describe('prerendered public pages', () => {
  afterEach(async () => {
    act(() => mounted?.unmount());
    mounted = undefined;
    document.getElementById('root')?.remove();
    document.documentElement.removeAttribute('data-prerendered');
    document.documentElement.removeAttribute('data-mantine-color-scheme');
    await changeLanguage('gb');
  });

  it('hydrates the login page in place, in Persian and dark, and it answers', async () => {
    const { root, before, errors, reported, languagesBefore } = await shipAndHydrate('login', 'ir', <AuthApp />);
    expect(reported).toEqual([]);
    // The HTML names only the page's own language (no font lookups for the others' scripts
    // before the first paint); the hydrated select offers all five.
    expect(languagesBefore).toEqual(['فارسی']);
    expect([...screen.getByTestId('language-select').querySelectorAll('option')].map((o) => o.value)).toEqual(['gb', 'br', 'es', 'cn', 'ir']);
    expect(errors).not.toHaveBeenCalled();
    // Every prerendered element is still the one on the page: nothing was drawn again.
    for (const el of before) expect(root.contains(el)).toBe(true);
    const form = before.find((el) => el.tagName === 'FORM')!;
    expect(root.querySelector('form')).toBe(form);
    // Inert while it was only HTML (a keystroke then would be lost), live once hydrated.
    expect(form.hasAttribute('inert')).toBe(false);
    expect(screen.getByRole('heading', { name: 'ورود' })).toBeInTheDocument();
    // Interactive: the theme switch says it would go light, as the dark page shows.
    expect(screen.getByTestId('theme-toggle')).toHaveAttribute('aria-label', 'رفتن به پوسته روشن');
  });

  it('hydrates the kiosk with its title and letters, then shows the employees', async () => {
    server.use(
      mockApi.get('/api/employees', () =>
        HttpResponse.json([{ employee_id: 1, first_name: 'Ana', last_name: 'Almeida', clock_status: 'clocked_out', last_event: null }]),
      ),
      mockApi.get('/api/settings/public', () => HttpResponse.json({ organisation_name: 'Packline', support_email: 'help@example.org', time_zone: 'UTC', mail_configured: true })),
    );
    const { root, before, errors, reported } = await shipAndHydrate('employee-portal', 'gb', <EmployeePortal />);
    expect(reported).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    const title = before.find((el) => el.tagName === 'H1')!;
    expect(title).toHaveTextContent('Employee Clock In/Out');
    expect(root.contains(title)).toBe(true);
    expect(root.querySelectorAll('nav button')).toHaveLength(27);
    expect(await screen.findByRole('button', { name: /Ana Almeida/ })).toBeInTheDocument();
  });
});
