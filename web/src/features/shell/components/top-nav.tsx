import { Box, Button, Group, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isActivePath, MAIN_MENU } from '@/config/navigation';

/** The main menu as a horizontal bar, for the "top bar" navigation layout. */
export function TopNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label={t('nav.mainNavigation')} style={{ overflowX: 'auto', scrollbarWidth: 'none' }}>
      <Group gap={4} wrap="nowrap" px="md" h={48}>
        {MAIN_MENU.map((item) => {
          const active = isActivePath(pathname, item.to);
          const icon = <item.icon size={18} stroke={1.6} aria-hidden />;
          if (item.children) {
            return (
              <Menu key={item.to} position="bottom-start" shadow="md" withinPortal withInitialFocusPlaceholder={false}>
                <Menu.Target>
                  <Button
                    variant={active ? 'light' : 'subtle'}
                    color={active ? 'primary' : 'gray'}
                    leftSection={icon}
                    rightSection={<IconChevronDown size={14} aria-hidden />}
                  >
                    {t(item.labelKey)}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {item.children.map((child) => (
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
          return (
            <Button
              key={item.to}
              component={Link}
              to={item.to}
              variant={active ? 'light' : 'subtle'}
              color={active ? 'primary' : 'gray'}
              leftSection={icon}
              aria-current={active ? 'page' : undefined}
            >
              {t(item.labelKey)}
            </Button>
          );
        })}
      </Group>
    </Box>
  );
}
