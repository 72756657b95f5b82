import '../strings';
import { Alert, Badge, Button, Checkbox, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank, IconPlus, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useOrgCurrency } from '../api/currency';
import { useMethods, useSaveMethod, type Method } from '../api/methods';
import { MethodDetails } from '../components/method-details';
import { MethodForm } from '../components/method-form';

/** /payments/payment-methods (admin): how the group accepts money; the primary one's details go on invoices. */
export default function PaymentMethodsPage() {
  const { t } = useTranslation();
  const currency = useOrgCurrency();
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<Method | null | undefined>(undefined);
  const q = useMethods(archived);
  const save = useSaveMethod();
  const fail = (err: unknown) => void notify('danger', errorMessage(err, t), t('payments.failed'));
  const saved = (m: Method) => notify('success', t('payments.methods.saved', { name: m.label }));
  const methods = q.data?.methods ?? [];
  return (
    <PageFrame
      title={t('nav.paymentMethods')}
      description={t('pages.paymentMethods.description')}
      actions={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>
          {t('payments.methods.new')}
        </Button>
      }
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t('payments.methods.noCardNumbers')}
        </Text>
        <Checkbox label={t('payments.methods.includeArchived')} checked={archived} onChange={(e) => setArchived(e.currentTarget.checked)} />
        {q.isPending ? (
          <Loader aria-label={t('common.loading')} />
        ) : q.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(q.error, t)}
          </Alert>
        ) : methods.length === 0 ? (
          <Paper withBorder radius="md" p="xl">
            <Group>
              <IconBuildingBank aria-hidden />
              <Text>{t('payments.methods.empty')}</Text>
            </Group>
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {methods.map((m) => (
              <Paper key={m.id} withBorder radius="md" p="md" component="article" aria-label={m.label}>
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap">
                    <div>
                      <Title order={3} size="h5">
                        {m.label}
                      </Title>
                      <Text size="sm" c="dimmed">
                        {t(`payments.kinds.${m.kind}`)}
                      </Text>
                    </div>
                    <Group gap="xs">
                      {m.primary && (
                        <Badge leftSection={<IconStar size={12} aria-hidden />} color="teal">
                          {t('payments.methods.primary')}
                        </Badge>
                      )}
                      {m.archived && <Badge color="gray">{t('payments.methods.archived')}</Badge>}
                    </Group>
                  </Group>
                  <MethodDetails method={m} t={t} currency={currency} />
                  <Group gap="xs" mt="xs">
                    <Button size="xs" variant="default" onClick={() => setEditing(m)}>
                      {t('payments.methods.edit')}
                    </Button>
                    {!m.primary && !m.archived && (
                      <Button
                        size="xs"
                        variant="light"
                        loading={save.isPending && save.variables?.id === m.id}
                        onClick={() => save.mutate({ id: m.id, primary: true }, { onSuccess: saved, onError: fail })}
                      >
                        {t('payments.methods.makePrimary')}
                      </Button>
                    )}
                  </Group>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {editing !== undefined && (
        <MethodForm
          method={editing}
          onClose={() => setEditing(undefined)}
          onError={fail}
          onSaved={(m) => {
            saved(m);
            setEditing(undefined);
          }}
        />
      )}
    </PageFrame>
  );
}
