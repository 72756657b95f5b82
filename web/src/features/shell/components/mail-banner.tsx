import { Anchor, Box, Group, Text } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAIL_DOCS_URL } from '@/config/docs';
import { useSession } from '@/lib/auth/use-session';
import { usePublicSettings } from '@/lib/public-settings';
import classes from './mail-banner.module.css';

/**
 * Admins' notice on every office screen while the server has no mail server (no --smtp-url,
 * `mail_configured` false in the public settings the shell loads anyway): every mail is only
 * written to the server's log, so invitations, resets and invoices reach nobody by mail. Built
 * of what every screen already loads (no Alert of its own), since it is on every screen.
 */
export function MailBanner() {
  const { t } = useTranslation();
  const { role } = useSession();
  const { data } = usePublicSettings();
  if (role !== 'admin' || data?.mail_configured !== false) return null;
  return (
    <Box role="note" className={classes.banner} data-testid="mail-banner">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconMailOff size={18} aria-hidden className={classes.icon} />
        <div>
          <Text size="sm" fw={700}>
            {t('navbar.mailOff')}
          </Text>
          <Text size="sm">
            {t('navbar.mailOffHelp')}{' '}
            <Anchor href={MAIL_DOCS_URL} target="_blank" rel="noopener" size="sm" c="inherit" underline="always" fw={500} title={t('common.openInNewTab')}>
              {t('navbar.mailOffLink')}
            </Anchor>
          </Text>
        </div>
      </Group>
    </Box>
  );
}
