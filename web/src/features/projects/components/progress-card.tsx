import { Badge, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import type { Project } from '../api/projects';
import { formatQuantity } from '@/lib/units';

export interface ProgressCardProps {
  project: Pick<Project, 'target_units' | 'produced_units' | 'shipped_units' | 'progress' | 'shipped_progress' | 'days_left' | 'product_unit' | 'status'>;
}

/** One measure against the target: its label and "done of target", over a bar. */
function ProgressRow({ label, done, percent, color, project: p }: { label: string; done: number; percent: number; color: string; project: ProgressCardProps['project'] }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{label}</Text>
        <Text size="sm" fw={500}>
          {t('projects.progress.ofTarget', { done: n(done), target: formatQuantity(p.target_units, p.product_unit, t, i18n.language), percent: n(percent) })}
        </Text>
      </Group>
      <Progress value={percent} color={color} aria-label={label} />
    </Stack>
  );
}

/** A project's progress, counted by the server: units produced and shipped against the target, and days left. */
export function ProgressCard({ project: p }: ProgressCardProps) {
  const { t } = useTranslation();
  const days = p.days_left;
  return (
    <Card withBorder radius="md" padding="md" aria-label={t('projects.progress.label')}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{t('projects.progress.title')}</Text>
          {days != null && (
            <Badge color={days < 0 ? 'red' : days <= 7 ? 'orange' : 'gray'} variant="light" style={{ textTransform: 'none' }}>
              {days < 0 ? t('projects.progress.overdue', { count: -days }) : days === 0 ? t('projects.progress.dueToday') : t('projects.progress.daysLeft', { count: days })}
            </Badge>
          )}
        </Group>
        <ProgressRow label={t('projects.progress.produced')} done={p.produced_units} percent={p.progress} color="blue" project={p} />
        <ProgressRow label={t('projects.progress.shipped')} done={p.shipped_units} percent={p.shipped_progress} color="teal" project={p} />
      </Stack>
    </Card>
  );
}
