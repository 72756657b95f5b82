import {
  IconBuildingFactory2,
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
}

/** The main menu (SPEC §2): dashboard, docs, inventory, production (3 children), shipping log, employees; and the chat (SPEC §1). */
export const MAIN_MENU: NavItem[] = [
  { labelKey: 'nav.dashboard', to: paths.app.dashboard.path, icon: IconLayoutDashboard },
  { labelKey: 'nav.docs', to: paths.app.docs.path, icon: IconFileText },
  { labelKey: 'nav.inventory', to: paths.app.inventory.path, icon: IconPackages },
  {
    labelKey: 'nav.production',
    to: paths.app.production.root.path,
    icon: IconBuildingFactory2,
    children: [
      { labelKey: 'nav.productionOverview', to: paths.app.production.overview.path },
      { labelKey: 'nav.productionDaily', to: paths.app.production.daily.path },
      { labelKey: 'nav.productionHourly', to: paths.app.production.hourly.path },
    ],
  },
  { labelKey: 'nav.shippingLog', to: paths.app.shippingLog.path, icon: IconTruckDelivery },
  { labelKey: 'nav.employees', to: paths.app.employees.path, icon: IconUsersGroup },
  { labelKey: 'nav.chat', to: paths.app.chat.path, icon: IconMessages },
];

/** True when `pathname` is `to` or below it. */
export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
