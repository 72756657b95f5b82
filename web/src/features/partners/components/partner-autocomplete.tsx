import { Autocomplete, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAddressBook } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePartnerPicker, type Partner } from '../api/partners';

export interface PartnerAutocompleteProps {
  /** The field's label, already translated (the shipment form's "Destination"). */
  label: string;
  required?: boolean;
  /** The name typed or picked. */
  value: string;
  /** The partner picked, or null for a name typed for this shipment only. */
  partnerId: number | null;
  /** A name typed (the partner, if any, is no longer the destination). */
  onType: (name: string) => void;
  /** A partner picked from the directory: its name, address and contact are the destination's. */
  onPick: (partner: Partner) => void;
}

/**
 * A destination's name over the partner directory: typing searches the active partners on the server
 * (debounced) and offers them; picking one fills the destination from it, and typing a name no partner
 * has still works (a destination for this shipment only).
 */
export function PartnerAutocomplete({ label, required, value, partnerId, onType, onPick }: PartnerAutocompleteProps) {
  const { t } = useTranslation();
  const [debounced] = useDebouncedValue(value, 250);
  // Searching the name a partner was picked by would offer just it again: the picker then shows the first partners.
  const q = usePartnerPicker(partnerId === null ? debounced : '');
  const found = q.data?.partners ?? [];
  // The option just picked: Autocomplete then reports its label as typed, which must not unlink it.
  const picked = useRef<string | null>(null);
  return (
    <Autocomplete
      required={required}
      label={label}
      placeholder={t('partners.picker.placeholder')}
      maxLength={200}
      value={value}
      data={found.map((p) => ({ value: String(p.id), label: p.name }))}
      filter={({ options }) => options}
      leftSection={partnerId !== null ? <IconAddressBook size={16} aria-hidden /> : undefined}
      description={partnerId !== null ? t('partners.picker.linked') : q.isError ? t('partners.picker.unavailable') : undefined}
      renderOption={({ option }) => {
        const p = found.find((x) => String(x.id) === option.value);
        return (
          <Stack gap={0}>
            <Text size="sm">{p?.name ?? option.value}</Text>
            {p && (p.address || p.contact) && (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {[p.address.split('\n')[0], p.contact].filter(Boolean).join(' · ')}
              </Text>
            )}
          </Stack>
        );
      }}
      onOptionSubmit={(id) => {
        const p = found.find((x) => String(x.id) === id);
        if (!p) return;
        picked.current = p.name;
        onPick(p);
      }}
      onChange={(v) => {
        if (picked.current !== null && v === picked.current) {
          picked.current = null;
          return;
        }
        picked.current = null;
        onType(v);
      }}
    />
  );
}
