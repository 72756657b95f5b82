import { ActionIcon, Button } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { supportMailto, usePublicSettings } from '@/lib/public-settings';

/** A mail link to the organisation's support address (GET /api/settings/public). */
export function SupportLink() {
  const { t } = useTranslation();
  const { data } = usePublicSettings();
  const href = supportMailto(data);
  if (!href || !data) return null;
  const title = t('navbar.supportTitle', { email: data.support_email });
  return (
    <>
      <Button
        component="a"
        href={href}
        variant="subtle"
        color="gray"
        leftSection={<IconLifebuoy size={18} aria-hidden />}
        visibleFrom="lg"
        title={title}
        data-testid="support-link"
      >
        {t('navbar.support')}
      </Button>
      <ActionIcon
        component="a"
        href={href}
        variant="subtle"
        color="gray"
        size={36}
        hiddenFrom="lg"
        aria-label={title}
        title={title}
      >
        <IconLifebuoy size={20} aria-hidden />
      </ActionIcon>
    </>
  );
}
