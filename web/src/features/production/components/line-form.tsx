import { Alert, Button, Group, NumberInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateLine } from '../api/mutations';
import { productionError } from '../lib/format';

/** Add a packing line or table, with an optional hourly target. */
export function LineForm({ onDone }: { onDone?: () => void }) {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState('');
  const [target, setTarget] = useState<number | ''>('');
  const create = useCreateLine();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate(
          { name: name.trim(), hourly_target: target === '' ? null : target },
          {
            onSuccess: () => {
              setName('');
              setTarget('');
              onDone?.();
            },
          },
        );
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput label={t('production.lines.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={100} />
        <NumberInput
          label={t('production.lines.target')}
          value={target}
          onChange={(v) => setTarget(typeof v === 'number' ? v : '')}
          min={0}
          allowDecimal={false}
          w={160}
        />
        <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
          {t('production.lines.add')}
        </Button>
      </Group>
      {create.error && (
        <Alert color="red" mt="sm" role="alert">
          {productionError(create.error, t, i18n.language)}
        </Alert>
      )}
    </form>
  );
}
