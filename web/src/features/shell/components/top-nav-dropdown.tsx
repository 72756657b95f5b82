import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isActivePath } from '@/config/navigation';
import { useOpenOnMount } from '@/lib/open-on-mount';
import { TopNavMenuButton, type TopNavMenuProps } from './top-nav-menu';

/** A top bar entry's menu, loaded on first use (./top-nav-menu.tsx); opens as it mounts. */
export default function TopNavDropdown({ item, active, icon, pathname }: TopNavMenuProps) {
  const { t } = useTranslation();
  const { target, opened, setOpened } = useOpenOnMount<HTMLButtonElement>();
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-start" shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <TopNavMenuButton ref={target} item={item} active={active} icon={icon} />
      </Menu.Target>
      <Menu.Dropdown>
        {item.children?.map((child) => (
          <Menu.Item
            key={child.to}
            component={Link}
            to={child.to}
            aria-current={isActivePath(pathname, child.to) ? 'page' : undefined}
            fw={isActivePath(pathname, child.to) ? 700 : undefined}
          >
            {t(child.labelKey)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
