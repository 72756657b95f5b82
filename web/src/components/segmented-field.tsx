import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';

interface SegmentedFieldProps<T extends string> {
  label: string;
  value: T;
  onChange: (value: T) => void;
  data: { value: T; label: string }[];
}

/** A choice of a few options as a segmented control, with a visible label above it that names it. */
export function SegmentedField<T extends string>({ label, value, onChange, data }: SegmentedFieldProps<T>) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={id} value={value} onChange={(v) => onChange(v as T)} data={data} />
    </Stack>
  );
}
