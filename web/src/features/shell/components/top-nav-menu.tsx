import { Button } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { lazy, Suspense, type ComponentPropsWithRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavItem as MenuItem } from '@/config/navigation';
import { useFirstUse } from '@/lib/first-use';

export type NavItem = MenuItem;

export interface TopNavMenuProps {
  item: NavItem;
  active: boolean;
  icon: ReactNode;
  pathname: string;
}

/** The top bar's button of a menu entry with children. */
export function TopNavMenuButton({ item, active, icon, ...props }: Omit<TopNavMenuProps, 'pathname'> & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  return (
    <Button
      variant={active ? 'light' : 'subtle'}
      color={active ? 'primary' : 'gray'}
      leftSection={icon}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      aria-haspopup="menu"
      {...props}
    >
      {t(item.labelKey)}
    </Button>
  );
}

const load = () => import('./top-nav-dropdown');
const TopNavDropdown = lazy(load);

/** A top bar entry with children: its button, and its menu from the first click on. */
export function TopNavMenu(props: TopNavMenuProps) {
  const { used, handlers } = useFirstUse(load);
  const { pathname: _, ...button } = props;
  if (!used) return <TopNavMenuButton {...button} {...handlers} />;
  return (
    <Suspense fallback={<TopNavMenuButton {...button} aria-busy="true" />}>
      <TopNavDropdown {...props} />
    </Suspense>
  );
}
