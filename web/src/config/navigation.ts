import {
  IconAlertOctagon,
  IconBuildingFactory2,
  IconBuildingStore,
  IconCreditCard,
  IconFileText,
  IconLayoutDashboard,
  IconMessages,
  IconPackages,
  IconTruckDelivery,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { paths } from './paths';

/** One entry of the main menu; `labelKey` is a locale key. */
export interface NavItem {
  labelKey: string;
  to: string;
  icon: Icon;
  children?: { labelKey: string; to: string }[];
  /** shown to admins only */
  adminOnly?: boolean;
}

/**
 * The main menu (SPEC §2): dashboard, docs, inventory, production (3 children), shipping log and the partners it ships to, employees,
 * payments (admins only: billing, payment methods, pricing plans, and clients beside them); and the chat (SPEC §1).
 * A group's first child is where its breadcrumb (its index route) leads.
 */
export const MAIN_MENU: NavItem[] = [
  { labelKey: 'nav.dashboard', to: paths.app.dashboard.path, icon: IconLayoutDashboard },
  { labelKey: 'nav.docs', to: paths.app.docs.path, icon: IconFileText },
  { labelKey: 'nav.inventory', to: paths.app.inventory.path, icon: IconPackages },
  { labelKey: 'nav.recalls', to: paths.app.recalls.path, icon: IconAlertOctagon },
  {
    labelKey: 'nav.production',
    to: paths.app.production.root.path,
    icon: IconBuildingFactory2,
    children: [
      { labelKey: 'nav.productionOverview', to: paths.app.production.overview.path },
      { labelKey: 'nav.productionDaily', to: paths.app.production.daily.path },
      { labelKey: 'nav.productionHourly', to: paths.app.production.hourly.path },
      { labelKey: 'nav.recipes', to: paths.app.production.recipes.path },
    ],
  },
  { labelKey: 'nav.shippingLog', to: paths.app.shippingLog.path, icon: IconTruckDelivery },
  { labelKey: 'nav.partners', to: paths.app.partners.path, icon: IconBuildingStore },
  { labelKey: 'nav.employees', to: paths.app.employees.path, icon: IconUsersGroup },
  {
    labelKey: 'nav.payments',
    to: paths.app.payments.root.path,
    icon: IconCreditCard,
    adminOnly: true,
    children: [
      { labelKey: 'nav.billing', to: paths.app.payments.billing.path },
      { labelKey: 'nav.paymentMethods', to: paths.app.payments.paymentMethods.path },
      { labelKey: 'nav.pricingPlans', to: paths.app.payments.pricingPlans.path },
      { labelKey: 'nav.clients', to: paths.app.payments.clients.path },
    ],
  },
  { labelKey: 'nav.chat', to: paths.app.chat.path, icon: IconMessages },
];

/** The main menu as `role` sees it: admin-only entries left out for everyone else. */
export function mainMenuFor(role: string): NavItem[] {
  return MAIN_MENU.filter((item) => !item.adminOnly || role === 'admin');
}

/** True when `pathname` is `to` or below it. */
export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
