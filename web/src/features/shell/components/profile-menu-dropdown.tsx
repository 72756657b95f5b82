import { Avatar, Group, Menu, Text, useDirection } from '@mantine/core';
import {
  IconCheck,
  IconFileInvoice,
  IconHelpCircle,
  IconLanguage,
  IconLifebuoy,
  IconLogout,
  IconSettings,
  IconTargetArrow,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { currentLanguage } from '@/i18n';
import { LANGUAGES, LANGUAGE_INFO, htmlLang } from '@/i18n/languages';
import { session } from '@/lib/auth/session';
import { useSession } from '@/lib/auth/use-session';
import { usePreferenceActions } from '@/lib/preferences';
import { supportMailto, usePublicSettings } from '@/lib/public-settings';
import { useOpenOnMount } from '@/lib/open-on-mount';
import { ProfileButton } from './profile-button';
import classes from './profile-menu.module.css';

/**
 * The profile dropdown (SPEC §2), loaded on first use (./profile-menu.tsx): account (profile → preferences, settings), billing,
 * projects, FAQ, help and support, change language, logout; with the user's name and
 * initials avatar. Each entry has its own target: "Profile" is the preferences page, so
 * there is no second entry for it.
 */
export default function ProfileMenuDropdown() {
  const { t } = useTranslation();
  const { userName, email, pfp, role } = useSession();
  const { setLanguage } = usePreferenceActions();
  const { data: settings } = usePublicSettings();
  const active = currentLanguage();
  const support = supportMailto(settings);
  const { dir } = useDirection();
  const { target, opened, setOpened } = useOpenOnMount<HTMLButtonElement>();

  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={260}
      shadow="lg"
      radius="md"
      withinPortal
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <ProfileButton ref={target} />
      </Menu.Target>
      <Menu.Dropdown>
        <Group gap="sm" px="sm" py={8} wrap="nowrap" role="group" aria-label={userName}>
          <Avatar color={pfp.color} variant="filled" radius="xl" size={40} aria-hidden>
            {pfp.initials}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={700} dir="auto" truncate="end">
              {userName}
            </Text>
            <Text size="xs" c="dimmed" dir="auto" truncate="end">
              {email}
            </Text>
          </div>
        </Group>
        <Menu.Divider />
        <Menu.Label>{t('navbar.account')}</Menu.Label>
        <Menu.Item component={Link} to={paths.app.preferences.path} leftSection={<IconUserCircle size={16} aria-hidden />}>
          {t('navbar.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.app.settings.path} leftSection={<IconSettings size={16} aria-hidden />}>
          {t('nav.settings')}
        </Menu.Item>
        {role === 'admin' && (
          <Menu.Item component={Link} to={paths.app.users.path} leftSection={<IconUsers size={16} aria-hidden />}>
            {t('nav.users')}
          </Menu.Item>
        )}
        <Menu.Label>{t('navbar.explore')}</Menu.Label>
        <Menu.Item component={Link} to={paths.app.payments.billing.path} leftSection={<IconFileInvoice size={16} aria-hidden />}>
          {t('navbar.billing')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.app.projects.path} leftSection={<IconTargetArrow size={16} aria-hidden />}>
          {t('navbar.projects')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.app.faq.path} leftSection={<IconHelpCircle size={16} aria-hidden />}>
          {t('navbar.faq')}
        </Menu.Item>
        {support && (
          <Menu.Item component="a" href={support} leftSection={<IconLifebuoy size={16} aria-hidden />}>
            {t('navbar.helpAndSupport')}
          </Menu.Item>
        )}
        <Menu.Sub position={dir === 'rtl' ? 'right-start' : 'left-start'}>
          <Menu.Sub.Target>
            <Menu.Sub.Item leftSection={<IconLanguage size={16} aria-hidden />} data-testid="change-language">
              {t('navbar.changeLanguage')}
            </Menu.Sub.Item>
          </Menu.Sub.Target>
          <Menu.Sub.Dropdown>
            {LANGUAGES.map((lng) => (
              <Menu.Item
                key={lng}
                lang={htmlLang(lng)}
                dir={LANGUAGE_INFO[lng].dir}
                onClick={() => setLanguage(lng)}
                rightSection={lng === active ? <IconCheck size={14} aria-hidden /> : null}
                aria-current={lng === active ? 'true' : undefined}
                data-testid={`language-${lng}`}
              >
                {LANGUAGE_INFO[lng].nativeName}
              </Menu.Item>
            ))}
          </Menu.Sub.Dropdown>
        </Menu.Sub>
        <Menu.Divider />
        <Menu.Item
          className={classes.danger}
          leftSection={<IconLogout size={16} aria-hidden className="mirror-rtl" />}
          onClick={() => void session.logout()}
        >
          {t('navbar.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
