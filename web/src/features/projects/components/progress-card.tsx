import { Badge, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import type { Project } from '../api/projects';

export interface ProgressCardProps {
  project: Pick<Project, 'target_units' | 'produced_units' | 'shipped_units' | 'progress' | 'shipped_progress' | 'days_left' | 'product_unit' | 'status'>;
}

/** A project's progress, counted by the server: units produced and shipped against the target, and days left. */
export function ProgressCard({ project: p }: ProgressCardProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const n = (v: number) => formatNumber(v, lng);
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
        <Stack gap={4}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('projects.progress.produced')}</Text>
            <Text size="sm" fw={500}>
              {t('projects.progress.ofTarget', { done: n(p.produced_units), target: n(p.target_units), unit: p.product_unit, percent: n(p.progress) })}
            </Text>
          </Group>
          <Progress value={p.progress} color="blue" aria-label={t('projects.progress.produced')} />
        </Stack>
        <Stack gap={4}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('projects.progress.shipped')}</Text>
            <Text size="sm" fw={500}>
              {t('projects.progress.ofTarget', { done: n(p.shipped_units), target: n(p.target_units), unit: p.product_unit, percent: n(p.shipped_progress) })}
            </Text>
          </Group>
          <Progress value={p.shipped_progress} color="teal" aria-label={t('projects.progress.shipped')} />
        </Stack>
      </Stack>
    </Card>
  );
}
