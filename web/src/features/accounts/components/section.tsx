import type { ReactNode } from 'react';
import { TitledCard } from '@/components/titled-card';

/** One titled card of the preferences page. */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <TitledCard title={title} p="lg" section testId={testId}>
      {children}
    </TitledCard>
  );
}

/** The message of a field's error from an ApiError body, when it names that field. */
export function fieldError(err: unknown, field: string, message: string): string | null {
  const body = (err as { body?: { field?: string } } | null)?.body;
  return body?.field === field ? message : null;
}
