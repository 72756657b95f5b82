import { ActionIcon, Alert, Badge, Group, Menu, Text, VisuallyHidden, type MantineTheme } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SearchInput, ServerTable } from '@/components/server-table';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { serverRows, useServerTable } from '@/lib/use-server-table';
import { useResetTwoFactor, useUpdateUser, useUserList, type AdminUser } from '../api/users';

/** Columns shown from the md breakpoint up; on phones the email stands under the name. */
const wide = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.md})`;

const name = (u: AdminUser) => [u.first_name, u.last_name].filter(Boolean).join(' ');

/** The organisation's accounts: searched and paged on the server; role and active per row. */
export function UserTable({ timeZone, myId }: { timeZone: string; myId: number | undefined }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  // Accounts come in the server's order (name); the table pages them.
  const { resetPage, query, table } = useServerTable<AdminUser>({ columnAccessor: 'name', direction: 'asc' });
  const list = useUserList({ search: debounced, page: query.page, pageSize: query.pageSize });
  const update = useUpdateUser();
  const [confirm, setConfirm] = useState<AdminUser | null>(null);
  const reset2fa = useResetTwoFactor();
  const [resetting, setResetting] = useState<AdminUser | null>(null);

  async function resetTwoFactor() {
    if (!resetting) return;
    try {
      await reset2fa.mutateAsync(resetting.id);
      void notify('success', t('users.reset2faDone', { name: name(resetting) }));
    } catch (err) {
      void notify('danger', errorMessage(err, t));
    }
    setResetting(null);
  }

  async function change(u: AdminUser, patch: { role?: 'admin' | 'staff'; active?: boolean }) {
    try {
      await update.mutateAsync({ id: u.id, ...patch });
      const key = patch.role ? 'users.roleChanged' : patch.active ? 'users.reactivated' : 'users.deactivated';
      void notify('success', t(key, { name: name(u) }));
    } catch (err) {
      void notify('danger', errorMessage(err, t));
    }
  }

  return (
    <>
      <SearchInput aria-label={t('users.search')} placeholder={t('users.search')} value={search} onSearch={resetPage(setSearch)} maw={320} />
      {list.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(list.error, t)}
        </Alert>
      ) : (
        <ServerTable<AdminUser>
          {...table}
          {...serverRows(list, (d) => d.users)}
          label={t('users.table')}
          empty={debounced ? t('users.noneFound') : t('users.none')}
          perPageLabel={t('users.pageSize')}
          rangeKey="users.range"
          controlsKey="users"
          columns={[
            {
              accessor: 'name',
              title: t('users.name'),
              render: (u) => (
                <>
                  {name(u)}
                  {u.id === myId && (
                    <Text span c="dimmed" size="sm">
                      {' '}
                      ({t('users.you')})
                    </Text>
                  )}
                  <Text c="dimmed" size="xs" hiddenFrom="md" dir="ltr">
                    {u.email}
                  </Text>
                </>
              ),
            },
            { accessor: 'email', title: t('users.email'), visibleMediaQuery: wide },
            {
              accessor: 'role',
              title: t('users.role'),
              render: (u) => (
                <Badge variant="light" color={u.role === 'admin' ? 'grape' : 'blue'}>
                  {u.role === 'admin' ? t('users.roleAdmin') : t('users.roleStaff')}
                </Badge>
              ),
            },
            {
              accessor: 'active',
              title: t('users.status'),
              render: (u) => (
                <Group gap={4} wrap="nowrap">
                  <Badge variant={u.active ? 'light' : 'outline'} color={u.active ? 'green' : 'gray'}>
                    {u.active ? t('users.active') : t('users.inactive')}
                  </Badge>
                  {u.two_factor && (
                    <Badge variant="outline" color="teal" title={t('users.twoFactorOn')}>
                      {t('users.twoFactorBadge')}
                    </Badge>
                  )}
                </Group>
              ),
            },
            {
              accessor: 'last_sign_in',
              title: t('users.lastSignIn'),
              visibleMediaQuery: wide,
              render: (u) => (u.last_sign_in ? formatDateTime(u.last_sign_in, i18n.language, timeZone) : t('users.never')),
            },
            {
              accessor: 'actions',
              title: <VisuallyHidden>{t('users.actions')}</VisuallyHidden>,
              render: (u) => (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={t('users.moreFor', { name: name(u) })}>
                      <IconDots size={18} aria-hidden />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => void change(u, { role: u.role === 'admin' ? 'staff' : 'admin' })}>
                      {u.role === 'admin' ? t('users.makeStaff') : t('users.makeAdmin')}
                    </Menu.Item>
                    {u.active ? (
                      <Menu.Item color="red" onClick={() => setConfirm(u)}>
                        {t('users.deactivate')}
                      </Menu.Item>
                    ) : (
                      <Menu.Item onClick={() => void change(u, { active: true })}>{t('users.reactivate')}</Menu.Item>
                    )}
                    {u.two_factor && u.id !== myId && (
                      <Menu.Item color="red" onClick={() => setResetting(u)}>
                        {t('users.reset2fa')}
                      </Menu.Item>
                    )}
                  </Menu.Dropdown>
                </Menu>
              ),
            },
          ]}
        />
      )}
      <ConfirmDialog
        opened={confirm !== null}
        title={t('users.deactivateTitle', { name: confirm ? name(confirm) : '' })}
        body={t('users.deactivateBody')}
        confirmLabel={t('users.deactivate')}
        cancelLabel={t('common.cancel')}
        color="red"
        loading={update.isPending}
        onConfirm={() => {
          if (confirm) void change(confirm, { active: false }).then(() => setConfirm(null));
        }}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        opened={resetting !== null}
        title={t('users.reset2faTitle', { name: resetting ? name(resetting) : '' })}
        body={t('users.reset2faBody')}
        confirmLabel={t('users.reset2fa')}
        cancelLabel={t('common.cancel')}
        color="red"
        loading={reset2fa.isPending}
        onConfirm={() => void resetTwoFactor()}
        onClose={() => setResetting(null)}
      />
    </>
  );
}
