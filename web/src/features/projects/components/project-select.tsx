import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useProjectOptions } from '../api/projects';

export interface ProjectSelectProps {
  value: number | null;
  onChange: (id: number | null) => void;
  /** Offer only the projects of this product (a production entry's product). */
  productId?: number | null;
}

/** Pick the project work is done for (optional): the projects not archived. */
export function ProjectSelect({ value, onChange, productId }: ProjectSelectProps) {
  const { t } = useTranslation();
  const options = useProjectOptions();
  const list = (options.data?.projects ?? []).filter((p) => productId == null || p.product_id === productId || p.id === value);
  return (
    <Select
      label={t('projects.select.label')}
      placeholder={t('projects.select.none')}
      clearable
      searchable
      data={list.map((p) => ({ value: String(p.id), label: p.name }))}
      value={value != null ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
      nothingFoundMessage={t('projects.select.nothing')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
