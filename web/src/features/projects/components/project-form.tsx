import { MultiSelect, NumberInput, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientOptions } from '@/features/clients';
import { STATUSES, useFinishedGoods, useProjectOptions, useSaveProject, type Project, type ProjectDetail, type ProjectStatus } from '../api/projects';
import { FormActions } from '@/components/form-actions';
import { DateField } from '@/components/date-field';
import { GuardedModal, useChangedSinceOpen } from '@/components/guarded-modal';

export interface ProjectFormProps {
  project: Project | null; // null: a new one
  today: string;
  onClose: () => void;
  onSaved: (p: ProjectDetail) => void;
  onError: (err: unknown) => void;
}

/** Add or edit a project: partner, product and target, dates, status, owner and team. */
export function ProjectForm({ project, today, onClose, onSaved, onError }: ProjectFormProps) {
  const { t } = useTranslation();
  const save = useSaveProject();
  const clients = useClientOptions();
  const products = useFinishedGoods();
  const options = useProjectOptions();
  const [f, setF] = useState({
    name: project?.name ?? '',
    client_id: project?.client_id ?? null,
    product_id: project?.product_id ?? null,
    target_units: project?.target_units ?? ('' as number | string),
    start_date: project?.start_date ?? today,
    due_date: project?.due_date ?? '',
    status: project?.status ?? ('in_progress' as ProjectStatus),
    owner_id: project?.owner_id ?? null,
    team_ids: project?.team.map((m) => m.id) ?? [],
    notes: project?.notes ?? '',
  });
  const dirty = useChangedSinceOpen(f);
  const set = <K extends keyof typeof f>(k: K) => (v: (typeof f)[K]) => setF((x) => ({ ...x, [k]: v }));
  const people = (options.data?.people ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  const clientList = (clients.data?.clients ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  if (project && !clientList.some((c) => c.value === String(project.client_id))) {
    clientList.push({ value: String(project.client_id), label: project.client_name });
  }

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        id: project?.id,
        name: f.name,
        client_id: f.client_id ?? 0,
        product_id: f.product_id ?? 0,
        target_units: Number(f.target_units) || 0,
        start_date: f.start_date,
        due_date: f.due_date,
        status: f.status,
        owner_id: f.owner_id ?? undefined,
        team_ids: f.team_ids,
        notes: f.notes,
      },
      { onSuccess: onSaved, onError },
    );
  };

  return (
    <GuardedModal dirty={dirty} opened onClose={onClose} size="lg" title={project ? t('projects.form.editTitle', { name: project.name }) : t('projects.form.newTitle')}>
      <form onSubmit={submit}>
        <Stack>
          <TextInput required data-autofocus label={t('projects.fields.name')} value={f.name} onChange={(e) => set('name')(e.currentTarget.value)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              required
              searchable
              label={t('projects.fields.client')}
              data={clientList}
              value={f.client_id != null ? String(f.client_id) : null}
              onChange={(v) => set('client_id')(v ? Number(v) : null)}
              nothingFoundMessage={t('projects.form.noClients')}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              required
              searchable
              label={t('projects.fields.product')}
              data={(products.data?.items ?? []).map((i) => ({ value: String(i.id), label: `${i.name} (${i.sku})` }))}
              value={f.product_id != null ? String(f.product_id) : null}
              onChange={(v) => set('product_id')(v ? Number(v) : null)}
              comboboxProps={{ withinPortal: true }}
            />
            <NumberInput required label={t('projects.fields.target')} min={1} max={1_000_000_000} allowDecimal={false} value={f.target_units} onChange={set('target_units')} />
            <Select
              label={t('projects.fields.status')}
              data={STATUSES.map((s) => ({ value: s, label: t(`projects.status.${s}`) }))}
              value={f.status}
              onChange={(v) => v && set('status')(v as ProjectStatus)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <DateField required label={t('projects.fields.start')} value={f.start_date} onChange={(v) => set('start_date')(v ?? '')} />
            <DateField required label={t('projects.fields.due')} value={f.due_date} minDate={f.start_date || undefined} onChange={(v) => set('due_date')(v ?? '')} />
            <Select
              label={t('projects.fields.owner')}
              placeholder={t('projects.form.ownerDefault')}
              data={people}
              value={f.owner_id != null ? String(f.owner_id) : null}
              onChange={(v) => set('owner_id')(v ? Number(v) : null)}
              comboboxProps={{ withinPortal: true }}
            />
            <MultiSelect
              label={t('projects.fields.team')}
              data={people}
              value={f.team_ids.map(String)}
              onChange={(v) => set('team_ids')(v.map(Number))}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <Textarea label={t('projects.fields.notes')} autosize minRows={2} value={f.notes} onChange={(e) => set('notes')(e.currentTarget.value)} />
          <FormActions onCancel={onClose} submitLabel={t('projects.form.save')} loading={save.isPending} />
        </Stack>
      </form>
    </GuardedModal>
  );
}
