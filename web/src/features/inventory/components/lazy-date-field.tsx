import { TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { DateFieldProps } from './date-field';

const DateField = lazy(() => import('./date-field'));

/** The date picker, fetched when a form first shows one. */
export function LazyDateField(props: DateFieldProps) {
  return (
    <Suspense fallback={<TextInput label={props.label} disabled value="" readOnly />}>
      <DateField {...props} />
    </Suspense>
  );
}
