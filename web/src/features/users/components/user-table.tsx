import { ActionIcon, Badge, Group, Menu, Pagination, Select, Skeleton, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useResetTwoFactor, useUpdateUser, useUserList, type AdminUser } from '../api/users';

const name = (u: AdminUser) => [u.first_name, u.last_name].filter(Boolean).join(' ');

/** The organisation's accounts: searched and paged on the server; role and active per row. */
export function UserTable({ timeZone, myId }: { timeZone: string; myId: number | undefined }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const query = useUserList({ search: debounced, page, pageSize });
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
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;

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
      <TextInput
        aria-label={t('users.search')}
        placeholder={t('users.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={320}
      />
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-busy={query.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('users.name')}</Table.Th>
              <Table.Th>{t('users.email')}</Table.Th>
              <Table.Th>{t('users.role')}</Table.Th>
              <Table.Th>{t('users.status')}</Table.Th>
              <Table.Th>{t('users.lastSignIn')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('users.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.isPending &&
              [0, 1, 2].map((i) => (
                <Table.Tr key={i}>
                  {[0, 1, 2, 3, 4, 5].map((c) => (
                    <Table.Td key={c}>
                      <Skeleton h={16} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {data?.users.map((u) => (
              <Table.Tr key={u.id}>
                <Table.Td>
                  {name(u)}
                  {u.id === myId && (
                    <Text span c="dimmed" size="sm">
                      {' '}
                      ({t('users.you')})
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{u.email}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={u.role === 'admin' ? 'grape' : 'blue'}>
                    {u.role === 'admin' ? t('users.roleAdmin') : t('users.roleStaff')}
                  </Badge>
                </Table.Td>
                <Table.Td>
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
                </Table.Td>
                <Table.Td>{u.last_sign_in ? formatDateTime(u.last_sign_in, i18n.language, timeZone) : t('users.never')}</Table.Td>
                <Table.Td data-flush>
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
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data && data.users.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          {debounced ? t('users.noneFound') : t('users.none')}
        </Text>
      )}
      {query.isError && (
        <Text c="red" ta="center" role="alert">
          {errorMessage(query.error, t)}
        </Text>
      )}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('users.total', { count: data?.total ?? 0 })}
        </Text>
        <Group gap="sm">
          <Select
            aria-label={t('users.pageSize')}
            w={90}
            value={String(pageSize)}
            onChange={(v) => {
              setPageSize(Number(v ?? 25));
              setPage(1);
            }}
            data={['10', '25', '50', '100']}
            allowDeselect={false}
          />
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': control === 'next' ? t('users.nextPage') : control === 'previous' ? t('users.previousPage') : undefined,
            })}
          />
        </Group>
      </Group>
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
