import { TextInput, type MantineSize, type StyleProp } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '@/lib/format';

export interface DateFieldProps {
  label?: string;
  'aria-label'?: string;
  /** 'YYYY-MM-DD', or null/'' for none. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  clearable?: boolean;
  required?: boolean;
  minDate?: string;
  maxDate?: string;
  description?: string;
  error?: string;
  w?: StyleProp<string | number>;
  size?: MantineSize;
  'data-autofocus'?: boolean;
}

const Field = lazy(() => import('./date-field'));

/** The date field of every form and filter (./date-field.tsx), fetched when first shown. */
export function DateField(props: DateFieldProps) {
  const { i18n } = useTranslation();
  const fallback = (
    <TextInput label={props.label} aria-label={props['aria-label']} w={props.w} size={props.size} readOnly value={formatCalendarDate(props.value, i18n.language)} />
  );
  return (
    <Suspense fallback={fallback}>
      <Field {...props} />
    </Suspense>
  );
}
