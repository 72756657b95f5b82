import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/auth/use-session';
import classes from './profile-menu.module.css';

/** The profile menu's button: the user's initials avatar, name and a chevron. */
export function ProfileButton(props: ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  const { userName, pfp } = useSession();
  return (
    <UnstyledButton
      className={classes.target}
      // The name holds what the button shows (the initials, and from lg the name): WCAG 2.5.3.
      aria-label={t('navbar.accountMenu', { initials: pfp.initials, name: userName })}
      aria-haspopup="menu"
      data-testid="profile-menu"
      {...props}
    >
      <Group gap={8} wrap="nowrap">
        <Avatar color={pfp.color} variant="filled" radius="xl" size={34} aria-hidden>
          {pfp.initials}
        </Avatar>
        <Text size="sm" fw={600} visibleFrom="lg" maw={160} dir="auto" truncate="end">
          {userName}
        </Text>
        <IconChevronDown size={14} aria-hidden className={classes.chevron} />
      </Group>
    </UnstyledButton>
  );
}
