import { ActionIcon, Alert, Badge, Button, Card, CopyButton, Group, Stack, Switch, Table, Text, TextInput, Title, Tooltip, ScrollArea } from '@mantine/core';
import { IconCheck, IconCopy, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DateField } from '@/components/date-field';
import { errorMessage } from '@/lib/errors';
import { formatDateTime, formatMonthYear } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useCreateImpactLink, useImpactLinks, useImpactMail, useRevokeImpactLink, useSetImpactMail, type ImpactLink } from '../api/impact';

function linkState(l: ImpactLink): { key: string; color: string } {
  if (l.revoked_at) return { key: 'impact.share.revoked', color: 'gray' };
  if (!l.active) return { key: 'impact.share.expired', color: 'orange' };
  return { key: 'impact.share.active', color: 'teal' };
}

/**
 * A project's read-only share links for sponsors without an account: make one (for whom,
 * optional last day), copy it while it is shown (its token is kept only hashed, so it is
 * shown once), see which are used, revoke one (confirmed). And the monthly mail switch.
 */
export function ShareLinks({ projectId, today }: { projectId: number; today: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const links = useImpactLinks(projectId);
  const create = useCreateImpactLink(projectId);
  const revoke = useRevokeImpactLink(projectId);
  const [label, setLabel] = useState('');
  const [expires, setExpires] = useState<string | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ImpactLink | null>(null);

  const submit = () =>
    create.mutate(
      { label, expires_on: expires || null },
      {
        onSuccess: (l) => {
          setMade(`${window.location.origin}${l.path ?? ''}`);
          setLabel('');
          setExpires(null);
        },
        onError: (err) => void notify('danger', errorMessage(err, t)),
      },
    );

  return (
    <Card withBorder radius="md" padding="md" className="impact-no-print">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('impact.share.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('impact.share.intro')}
        </Text>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput label={t('impact.share.label')} placeholder={t('impact.share.labelPlaceholder')} value={label} maxLength={200}
            onChange={(e) => setLabel(e.currentTarget.value)} w={{ base: '100%', sm: 260 }} />
          <DateField label={t('impact.share.expires')} value={expires} onChange={setExpires} clearable minDate={today}
            description={t('impact.share.expiresHelp')} w={{ base: '100%', sm: 220 }} />
          <Button leftSection={<IconLink size={16} aria-hidden />} onClick={submit} loading={create.isPending}>
            {t('impact.share.create')}
          </Button>
        </Group>
        {made && (
          <Alert color="teal" variant="light" title={t('impact.share.created')} data-testid="impact-new-link">
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" style={{ wordBreak: 'break-all' }} dir="ltr" data-testid="impact-link-url">
                {made}
              </Text>
              <CopyButton value={made}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('impact.share.copied') : t('impact.share.copy')}>
                    <ActionIcon variant="subtle" onClick={copy} aria-label={t('impact.share.copy')}>
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          </Alert>
        )}
        {links.isError && <Alert color="red">{errorMessage(links.error, t)}</Alert>}
        {links.data && links.data.links.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('impact.share.empty')}
          </Text>
        )}
        {links.data && links.data.links.length > 0 && (
          <ScrollArea type="auto">
            <Table data-testid="impact-links">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('impact.share.label')}</Table.Th>
                  <Table.Th>{t('impact.share.state')}</Table.Th>
                  <Table.Th>{t('impact.share.createdCol')}</Table.Th>
                  <Table.Th>{t('impact.share.expiresCol')}</Table.Th>
                  <Table.Th>{t('impact.share.opensCol')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {links.data.links.map((l) => {
                  const st = linkState(l);
                  return (
                    <Table.Tr key={l.id}>
                      <Table.Td>{l.label || t('impact.share.noLabel')}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={st.color}>
                          {t(st.key)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDateTime(l.created_at, lng)}</Text>
                        {l.created_by && (
                          <Text size="xs" c="dimmed">
                            {l.created_by}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{l.expires_at ? formatDateTime(l.expires_at, lng) : t('impact.share.never')}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{l.opens === 0 ? t('impact.share.neverOpened') : t('impact.share.opens', { count: l.opens })}</Text>
                        {l.last_opened_at && (
                          <Text size="xs" c="dimmed">
                            {t('impact.share.lastOpened', { when: formatDateTime(l.last_opened_at, lng) })}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {!l.revoked_at && (
                          <Button size="xs" variant="subtle" color="red" onClick={() => setRevoking(l)}>
                            {t('impact.share.revoke')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
        <MonthlyMail projectId={projectId} />
      </Stack>
      <ConfirmDialog
        opened={revoking != null}
        title={t('impact.share.revokeTitle')}
        body={t('impact.share.revokeBody', { label: revoking?.label || t('impact.share.noLabel') })}
        confirmLabel={t('impact.share.revoke')}
        cancelLabel={t('common.cancel')}
        color="red"
        loading={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null);
              void notify('success', t('impact.share.revokedToast'));
            },
            onError: (err) => void notify('danger', errorMessage(err, t)),
          })
        }
      />
    </Card>
  );
}

/** The monthly mail of a fresh link to the client's billing address (housekeeping sends it). */
function MonthlyMail({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const mail = useImpactMail(projectId);
  const set = useSetImpactMail(projectId);
  const m = mail.data;
  if (!m) return null;
  return (
    <Stack gap={4} pt="sm">
      <Title order={3} size="h5">
        {t('impact.mail.title')}
      </Title>
      <Switch
        checked={m.monthly}
        disabled={set.isPending || (!m.to && !m.monthly)}
        onChange={(e) =>
          set.mutate(e.currentTarget.checked, {
            onSuccess: () => void notify('success', t('impact.mail.saved')),
            onError: (err) => void notify('danger', errorMessage(err, t)),
          })
        }
        label={t('impact.mail.label')}
        description={m.to ? t('impact.mail.to', { email: m.to }) : t('impact.mail.noEmail')}
      />
      {m.last_month && (
        <Text size="xs" c="dimmed">
          {t('impact.mail.last', { month: formatMonthYear(`${m.last_month}-15T12:00:00Z`, i18n.language) })}
        </Text>
      )}
    </Stack>
  );
}
