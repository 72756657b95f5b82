import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePartner, usePartnerPicker, type Partner } from '../api/partners';

export interface PartnerFilterProps {
  /** The field's label and its empty choice, already translated. */
  label: string;
  anyLabel: string;
  /** The partner chosen, or null for any. */
  value: number | null;
  onChange: (partnerId: number | null) => void;
  w?: number;
}

/**
 * A list filter by partner: a searchable choice over the directory (archived partners too, since
 * old shipments went to them), searched on the server as one types; the partner chosen keeps its
 * name whatever the search shows.
 */
export function PartnerFilter({ label, anyLabel, value, onChange, w }: PartnerFilterProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const chosen = usePartner(value).data;
  const nameOf = (p: Partner) => (p.archived ? t('partners.filter.archivedName', { name: p.name }) : p.name);
  // The chosen partner's name in the box is not a search: opening the list then offers the first partners.
  const [debounced] = useDebouncedValue(chosen && search === nameOf(chosen) ? '' : search, 250);
  const found = usePartnerPicker(debounced, { includeArchived: true }).data?.partners ?? [];
  const options = [...(chosen && !found.some((p) => p.id === chosen.id) ? [chosen] : []), ...found].map((p) => ({
    value: String(p.id),
    label: nameOf(p),
  }));
  return (
    <Select
      label={label}
      placeholder={anyLabel}
      w={w}
      searchable
      clearable
      // Clearing shows every partner's shipments again: a button keyboards and screen readers reach too
      // (Mantine hides it from them, though clearing the text does not clear the choice).
      clearButtonProps={{ 'aria-label': anyLabel, 'aria-hidden': false, tabIndex: 0 }}
      data={options}
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      nothingFoundMessage={t('partners.noMatch')}
    />
  );
}
