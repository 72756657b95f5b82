import { Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/components/form-actions';
import { GuardedModal, useChangedSinceOpen } from '@/components/guarded-modal';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { startingValues } from '@/lib/form';
import { useSavePartner, type Partner } from '../api/partners';

export interface PartnerFormProps {
  partner: Partner | null; // null: a new one
  onClose: () => void;
  onSaved: (p: Partner) => void;
  onError: (err: unknown) => void;
}

/** Add or edit a partner: its name (unique), address, contact and notes. A name taken shows on the name. */
export function PartnerForm({ partner, onClose, onSaved, onError }: PartnerFormProps) {
  const { t } = useTranslation();
  const save = useSavePartner();
  const [f, setF] = useState(() => startingValues({ name: '', address: '', contact: '', notes: '' }, partner));
  const dirty = useChangedSinceOpen(f);
  const [nameError, setNameError] = useState<string | null>(null);
  const set = (k: keyof typeof f) => (v: string) => {
    setF((x) => ({ ...x, [k]: v }));
    if (k === 'name') setNameError(null);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(partner ? { id: partner.id, ...f } : f, {
      onSuccess: onSaved,
      onError: (err) => {
        if (err instanceof ApiError && err.body?.field === 'name') setNameError(errorMessage(err, t));
        else onError(err);
      },
    });
  };
  return (
    <GuardedModal opened onClose={onClose} dirty={dirty} title={partner ? t('partners.form.editTitle', { name: partner.name }) : t('partners.form.newTitle')}>
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            required
            data-autofocus
            maxLength={200}
            label={t('partners.fields.name')}
            value={f.name}
            error={nameError}
            onChange={(e) => set('name')(e.currentTarget.value)}
          />
          <Textarea label={t('partners.fields.address')} autosize minRows={2} maxLength={1000} value={f.address} onChange={(e) => set('address')(e.currentTarget.value)} />
          <TextInput label={t('partners.fields.contact')} maxLength={200} value={f.contact} onChange={(e) => set('contact')(e.currentTarget.value)} />
          <Textarea
            label={t('partners.fields.notes')}
            description={t('partners.form.notesHint')}
            autosize
            minRows={2}
            maxLength={2000}
            value={f.notes}
            onChange={(e) => set('notes')(e.currentTarget.value)}
          />
          <FormActions onCancel={onClose} submitLabel={t('partners.form.save')} loading={save.isPending} />
        </Stack>
      </form>
    </GuardedModal>
  );
}
