import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconListDetails, IconPaperclip } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { Entry } from '../api/types';
import { formatHour, formatQty } from '../lib/format';
import classes from '../production.module.css';
import { SubtractionView } from './subtraction-view';

// The documents panel (upload, preview, delete) loads when an entry's documents open.
const LinkedDocuments = lazy(() => import('@/features/documents').then((m) => ({ default: m.LinkedDocuments })));

/** A day's entries, each with its subtraction view on demand and a way to reverse it. */
export function EntryList({ entries, onReverse }: { entries: Entry[]; onReverse?: (e: Entry) => void }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [open, setOpen] = useState<number | null>(null);
  const [docs, setDocs] = useState<number | null>(null);
  if (entries.length === 0) return <Text c="dimmed">{t('production.entries.none')}</Text>;
  return (
    <Stack gap="xs">
      {entries.map((e) => (
        <Paper key={e.id} withBorder p="sm" data-testid={`entry-${e.id}`}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0}>
              <Text fw={600} className={e.reversed ? classes.reversed : undefined}>
                {t('production.entries.summary', {
                  hour: formatHour(e.hour, lng),
                  line: e.line_name,
                  units: formatQty(e.units, lng),
                  product: e.product_name,
                })}
              </Text>
              <Text size="xs" c="dimmed">
                {/* "recipe vN" opens that version of the product's recipe; underlined, as its colour
                    alone does not set it apart from the grey words around it. */}
                <Trans
                  i18nKey="production.entries.meta"
                  values={{ batch: e.produced_batch_code, version: e.recipe_version, by: e.created_by || '—' }}
                  components={{ recipe: <Anchor component={Link} to={paths.app.production.recipe.getHref(e.product_id, e.recipe_version)} size="xs" underline="always" data-testid="recipe-link" /> }}
                />
                {e.project_name && ` · ${e.project_name}`}
                {e.note && ` · ${e.note}`}
              </Text>
              {e.reversed && (
                <Group gap={4}>
                  <Badge color="gray" size="sm">
                    {t('production.entries.reversed')}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {e.reverse_reason}
                  </Text>
                </Group>
              )}
            </Stack>
            <Group gap="xs" className={classes.noPrint}>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconListDetails size={14} aria-hidden />}
                onClick={() => setOpen(open === e.id ? null : e.id)}
                aria-expanded={open === e.id}
              >
                {t('production.entries.showSubtraction')}
              </Button>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPaperclip size={14} aria-hidden />}
                onClick={() => setDocs(docs === e.id ? null : e.id)}
                aria-expanded={docs === e.id}
                data-testid={`entry-docs-${e.id}`}
              >
                {t('production.entries.documents')}
              </Button>
              {onReverse && !e.reversed && (
                <Button size="xs" variant="subtle" color="red" leftSection={<IconArrowBackUp size={14} aria-hidden />} onClick={() => onReverse(e)}>
                  {t('production.entries.reverse')}
                </Button>
              )}
            </Group>
          </Group>
          {open === e.id && (
            <Stack mt="sm">
              <SubtractionView moves={e.moves} />
            </Stack>
          )}
          {docs === e.id && (
            <Stack mt="sm" className={classes.noPrint}>
              <Suspense fallback={null}>
                <LinkedDocuments linkKind="production" linkId={e.id} />
              </Suspense>
            </Stack>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
