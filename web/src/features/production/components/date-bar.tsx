import { ActionIcon, Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from '../production.module.css';
import { addDays } from '../lib/format';
import { DateField } from '@/components/date-field';

/** A day picker: previous, the date itself, next, and back to today. */
export function DateBar({ date, today, onChange }: { date: string; today: string; onChange: (d: string) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" className={classes.noPrint}>
      <ActionIcon variant="default" size="lg" aria-label={t('production.date.previous')} onClick={() => onChange(addDays(date, -1))}>
        <IconChevronLeft size={16} className={classes.flip} aria-hidden />
      </ActionIcon>
      <DateField aria-label={t('production.date.label')} value={date} onChange={(v) => v && onChange(v)} w={170} />
      <ActionIcon variant="default" size="lg" aria-label={t('production.date.next')} onClick={() => onChange(addDays(date, 1))}>
        <IconChevronRight size={16} className={classes.flip} aria-hidden />
      </ActionIcon>
      {date !== today && (
        <Button variant="subtle" onClick={() => onChange(today)}>
          {t('production.date.today')}
        </Button>
      )}
    </Group>
  );
}
