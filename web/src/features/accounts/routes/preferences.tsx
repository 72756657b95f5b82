import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import '../preferences-strings';
import { AppearanceSection } from '../components/appearance-section';
import { EmailSection } from '../components/email-section';
import { PasswordSection } from '../components/password-section';
import { ProfileSection } from '../components/profile-section';
import { SessionsSection } from '../components/sessions-section';
import { TwoFactorSection } from '../components/two-factor-section';

/**
 * The page's sections, top to bottom: one component each, in components/. A new section
 * is one more entry here.
 */
const SECTIONS: { key: string; Section: ComponentType }[] = [
  { key: 'profile', Section: ProfileSection },
  { key: 'email', Section: EmailSection },
  { key: 'password', Section: PasswordSection },
  { key: 'two-factor', Section: TwoFactorSection },
  { key: 'sessions', Section: SessionsSection },
  { key: 'appearance', Section: AppearanceSection },
];

/** /preferences (profile): name, email, password, two-factor authentication, sessions, appearance. */
export default function PreferencesPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('nav.preferences')} description={t('pages.preferences.description')}>
      {SECTIONS.map(({ key, Section }) => (
        <Section key={key} />
      ))}
    </PageFrame>
  );
}
