import type { TFunction } from 'i18next';
import type { NavItem } from '@/config/navigation';
import { paths } from '@/config/paths';
import type { SearchKind, SearchResult } from '../api/search';

/** The page a search result opens: its record's own page, or the list that shows it. */
export function resultHref(r: SearchResult): string {
  const href: Record<SearchKind, () => string> = {
    item: () => `${paths.app.inventory.path}?search=${encodeURIComponent(r.subtitle)}`,
    batch: () => paths.app.inventoryBatch.getHref(r.id),
    shipment: () => paths.app.shippingLog.getHref(r.title),
    employee: () => paths.app.employeeTime.getHref(r.id),
    project: () => paths.app.project.getHref(r.id),
    invoice: () => paths.app.payments.invoice.getHref(r.id),
    document: () => `${paths.app.docs.path}?search=${encodeURIComponent(r.title)}`,
    recall: () => paths.app.recall.getHref(r.id),
  };
  return href[r.kind]();
}

/** A page of the app that search offers: its label in the reader's language and where it is. */
export interface PageTarget {
  label: string;
  to: string;
}

/**
 * The app's pages as the navigation names them (translated), for `role`: the main menu
 * (`menu`, config/navigation's MAIN_MENU; its admin-only entries for admins) with its groups'
 * entries ("Production › Production daily"), and the profile menu's pages.
 */
export function appPages(menu: NavItem[], role: string, t: TFunction): PageTarget[] {
  const pages: PageTarget[] = [];
  for (const item of menu.filter((m) => !m.adminOnly || role === 'admin')) {
    if (!item.children) pages.push({ label: t(item.labelKey), to: item.to });
    for (const child of item.children ?? []) pages.push({ label: `${t(item.labelKey)} › ${t(child.labelKey)}`, to: child.to });
  }
  pages.push(
    { label: t('nav.projects'), to: paths.app.projects.path },
    { label: t('nav.preferences'), to: paths.app.preferences.path },
    { label: t('nav.settings'), to: paths.app.settings.path },
    { label: t('nav.faq'), to: paths.app.faq.path },
  );
  if (role === 'admin') pages.push({ label: t('nav.users'), to: paths.app.users.path });
  return pages;
}

/** The pages whose label holds every word of q (any case), at most `limit`. */
export function matchPages(pages: PageTarget[], q: string, locale: string, limit = 5): PageTarget[] {
  const words = q.toLocaleLowerCase(locale).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return pages.filter((p) => words.every((w) => p.label.toLocaleLowerCase(locale).includes(w))).slice(0, limit);
}
