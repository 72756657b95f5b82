import { Checkbox, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveClient, type Client } from '../api/clients';
import { FormActions } from '@/components/form-actions';
import { GuardedModal, useChangedSinceOpen } from '@/components/guarded-modal';
import { startingValues } from '@/lib/form';

export interface ClientFormProps {
  client: Client | null; // null: a new one
  onClose: () => void;
  onSaved: (c: Client) => void;
  onError: (err: unknown) => void;
}

/** Add or edit a client and its billing address. */
export function ClientForm({ client, onClose, onSaved, onError }: ClientFormProps) {
  const { t } = useTranslation();
  const save = useSaveClient();
  const [f, setF] = useState(() => startingValues({ name: '', email: '', address: '', city: '', country: '', archived: false }, client));
  const dirty = useChangedSinceOpen(f);
  const set = (k: keyof typeof f) => (v: string | boolean) => setF((x) => ({ ...x, [k]: v }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const { archived, ...fields } = f;
    save.mutate(client ? { id: client.id, ...fields, archived } : fields, { onSuccess: onSaved, onError });
  };
  return (
    <GuardedModal opened onClose={onClose} dirty={dirty} title={client ? t('clients.form.editTitle', { name: client.name }) : t('clients.form.newTitle')}>
      <form onSubmit={submit}>
        <Stack>
          <TextInput required data-autofocus label={t('clients.fields.name')} value={f.name} onChange={(e) => set('name')(e.currentTarget.value)} />
          <TextInput type="email" label={t('clients.fields.email')} value={f.email} onChange={(e) => set('email')(e.currentTarget.value)} />
          <Textarea label={t('clients.fields.address')} autosize minRows={2} value={f.address} onChange={(e) => set('address')(e.currentTarget.value)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('clients.fields.city')} value={f.city} onChange={(e) => set('city')(e.currentTarget.value)} />
            <TextInput label={t('clients.fields.country')} value={f.country} onChange={(e) => set('country')(e.currentTarget.value)} />
          </SimpleGrid>
          {client && <Checkbox label={t('clients.fields.archived')} checked={f.archived} onChange={(e) => set('archived')(e.currentTarget.checked)} />}
          <FormActions onCancel={onClose} submitLabel={t('clients.form.save')} loading={save.isPending} />
        </Stack>
      </form>
    </GuardedModal>
  );
}
