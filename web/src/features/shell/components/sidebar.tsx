import { Box, NavLink, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight, IconClockHour4, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isActivePath, mainMenuFor, type NavItem } from '@/config/navigation';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/use-session';
import classes from './sidebar.module.css';

function MenuGroup({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const inside = isActivePath(pathname, item.to);
  const [opened, setOpened] = useState(inside);
  // The open group follows the route: entering it opens the group.
  const [wasInside, setWasInside] = useState(inside);
  if (inside !== wasInside) {
    setWasInside(inside);
    if (inside) setOpened(true);
  }
  return (
    <NavLink
      component="button"
      type="button"
      label={t(item.labelKey)}
      leftSection={<item.icon size={20} stroke={1.6} aria-hidden />}
      rightSection={<IconChevronRight size={14} aria-hidden className="mirror-rtl" />}
      opened={opened}
      onChange={setOpened}
      active={inside && !opened}
      aria-expanded={opened}
      classNames={{ root: classes.link }}
    >
      {item.children?.map((child) => (
        <NavLink
          key={child.to}
          component={Link}
          to={child.to}
          label={t(child.labelKey)}
          active={isActivePath(pathname, child.to)}
          aria-current={isActivePath(pathname, child.to) ? 'page' : undefined}
          onClick={onNavigate}
          classNames={{ root: classes.link }}
        />
      ))}
    </NavLink>
  );
}

/** The main menu as a vertical list (SPEC §2); the active item follows the route. */
export function SidebarMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { role } = useSession();
  return (
    <Stack gap={2}>
      {mainMenuFor(role).map((item) =>
        item.children ? (
          <MenuGroup key={item.to} item={item} onNavigate={onNavigate} />
        ) : (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={t(item.labelKey)}
            leftSection={<item.icon size={20} stroke={1.6} aria-hidden />}
            active={isActivePath(pathname, item.to)}
            aria-current={isActivePath(pathname, item.to) ? 'page' : undefined}
            onClick={onNavigate}
            classNames={{ root: classes.link }}
          />
        ),
      )}
    </Stack>
  );
}

/** The sidebar: the menu, and at the bottom a link to the public clock-in kiosk. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Box className={classes.scroll} p="md">
        <SidebarMenu onNavigate={onNavigate} />
      </Box>
      <Box p="md" className={classes.footer}>
        <a className={classes.kiosk} href={paths.employeePortal.path} target="_blank" rel="noopener">
          <ThemeIcon variant="light" size={36} radius="md">
            <IconClockHour4 size={20} aria-hidden />
          </ThemeIcon>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {t('nav.kiosk')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('nav.kioskHint')}
            </Text>
          </Box>
          <IconExternalLink size={16} aria-label={t('common.openInNewTab')} />
        </a>
      </Box>
    </>
  );
}
