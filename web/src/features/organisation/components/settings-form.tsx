import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import type { Settings } from '../api/get-settings';
import { TitledCard } from '@/components/titled-card';
import {
  isSettingsField,
  MAX_SHIFT_HOURS_MAX,
  OFFLINE_WINDOW_MAX,
  OFFLINE_WINDOW_MIN,
  MAX_SHIFT_HOURS_MIN,
  DAY_HOUR_MAX,
  DAY_HOUR_MIN,
  MAX_UPLOAD_MIB_MAX,
  MAX_UPLOAD_MIB_MIN,
  NOTIFICATION_RETENTION_DEFAULT,
  NOTIFICATION_RETENTION_MAX,
  NOTIFICATION_RETENTION_MIN,
  checkSettings,
  useUpdateSettings,
  type SettingsField,
} from '../api/update-settings';
import { timeNowIn, timeZoneOptions } from './time-zones';

/** The currencies the server invoices in (internal/organisation Currencies). */
const CURRENCIES = ['USD', 'EUR', 'GBP', 'BRL', 'CNY', 'IRR', 'CAD', 'AUD', 'NZD', 'MXN', 'ARS', 'CLP', 'COP', 'PEN', 'CHF'].concat(
  ['SEK', 'NOK', 'DKK', 'PLN', 'INR', 'ZAR', 'KES', 'NGN', 'JPY', 'KRW', 'HKD', 'SGD', 'TRY', 'AED', 'KWD'],
);

/** What the inputs hold: the number input gives '' while empty. */
/** The server's upload limit when it names none. */
const DEFAULT_UPLOAD_MIB = 50;
/** The server's offline punch window when it names none. */
const DEFAULT_OFFLINE_WINDOW = 24;

interface FormValues {
  organisation_name: string;
  support_email: string;
  organisation_address: string;
  time_zone: string | null;
  max_shift_hours: number | string;
  offline_window_hours: number | string;
  day_start_hour: number | string;
  day_end_hour: number | string;
  currency: string;
  max_upload_mib: number | string;
  notification_retention_days: number | string;
}

/** A translation key under `settings.errors` for each field in trouble. */
type FieldErrors = Partial<Record<SettingsField, string>>;

const ERROR_KEY: Record<SettingsField, string> = {
  organisation_name: 'name',
  support_email: 'email',
  organisation_address: 'address',
  time_zone: 'timeZone',
  max_shift_hours: 'maxShiftHours',
  offline_window_hours: 'offlineWindowHours',
  day_start_hour: 'dayStartHour',
  day_end_hour: 'dayEndHour',
  max_upload_mib: 'maxUploadMiB',
  notification_retention_days: 'notificationRetentionDays',
};

function toValues(s: Settings): FormValues {
  return {
    ...s,
    organisation_address: s.organisation_address ?? '',
    currency: s.currency ?? 'USD',
    max_upload_mib: s.max_upload_mib ?? DEFAULT_UPLOAD_MIB,
    offline_window_hours: s.offline_window_hours ?? DEFAULT_OFFLINE_WINDOW,
    notification_retention_days: s.notification_retention_days ?? NOTIFICATION_RETENTION_DEFAULT,
  };
}

/** The changed fields as a PATCH body (untrimmed; checkSettings trims). */
function changes(values: FormValues, saved: Settings): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  if (values.organisation_name !== saved.organisation_name) patch.organisation_name = values.organisation_name;
  if (values.support_email !== saved.support_email) patch.support_email = values.support_email;
  if (values.organisation_address !== (saved.organisation_address ?? '')) patch.organisation_address = values.organisation_address;
  if ((values.time_zone ?? '') !== saved.time_zone) patch.time_zone = values.time_zone ?? '';
  if (values.currency !== (saved.currency ?? 'USD')) patch.currency = values.currency;
  if (values.max_shift_hours !== saved.max_shift_hours) {
    patch.max_shift_hours = typeof values.max_shift_hours === 'number' ? values.max_shift_hours : NaN;
  }
  if (values.offline_window_hours !== (saved.offline_window_hours ?? DEFAULT_OFFLINE_WINDOW)) {
    patch.offline_window_hours = typeof values.offline_window_hours === 'number' ? values.offline_window_hours : NaN;
  }
  for (const k of ['day_start_hour', 'day_end_hour'] as const) {
    if (values[k] !== saved[k]) patch[k] = typeof values[k] === 'number' ? values[k] : NaN;
  }
  if (values.max_upload_mib !== (saved.max_upload_mib ?? DEFAULT_UPLOAD_MIB)) {
    patch.max_upload_mib = typeof values.max_upload_mib === 'number' ? values.max_upload_mib : NaN;
  }
  if (values.notification_retention_days !== (saved.notification_retention_days ?? NOTIFICATION_RETENTION_DEFAULT)) {
    const v = values.notification_retention_days;
    patch.notification_retention_days = typeof v === 'number' ? v : NaN;
  }
  return patch;
}

/** One titled card of the form, its fields in a grid (one column on narrow screens). */
function Section({ title, help, cols, verticalSpacing, children }: { title: string; help?: string; cols: { base: number; sm?: number; lg?: number }; verticalSpacing?: string; children: ReactNode }) {
  return (
    <TitledCard title={title} help={help}>
      <SimpleGrid cols={cols} spacing="lg" verticalSpacing={verticalSpacing}>
        {children}
      </SimpleGrid>
    </TitledCard>
  );
}

/** What every whole-number setting's input shares: no clamping (the check names the range), no decimals or sign. */
const WHOLE = { clampBehavior: 'none', allowDecimal: false, allowNegative: false } as const;

/** The admin's form: edit, validate as the server does, save only what changed. */
export function SettingsForm({ initial }: { initial: Settings }) {
  const { t, i18n } = useTranslation();
  const [saved, setSaved] = useState<Settings>(initial);
  // Errors hold a key under settings.errors; the inputs show its text.
  const form = useForm<FormValues>({ initialValues: toValues(initial) });
  const values = form.values;
  const errors = form.errors as FieldErrors;
  const update = useUpdateSettings();
  const patch = changes(values, saved);
  const dirty = Object.keys(patch).length > 0;
  const zones = useMemo(() => timeZoneOptions(saved.time_zone), [saved.time_zone]);
  const nowThere = timeNowIn(values.time_zone, i18n.language);

  function showErrors(next: FieldErrors) {
    form.setErrors(next);
    // Focus the first field in trouble, in the order they appear.
    const first = (Object.keys(ERROR_KEY) as SettingsField[]).find((f) => next[f]);
    if (first) form.getInputNode(first)?.focus();
  }

  function submit() {
    if (!dirty || update.isPending) return;
    const checked = checkSettings(patch, saved);
    if (!checked.ok) {
      const next: FieldErrors = {};
      for (const field of checked.fields) next[field] = ERROR_KEY[field];
      showErrors(next);
      return;
    }
    update.mutate(checked.body, {
      onSuccess: (result) => {
        setSaved(result);
        form.setValues(toValues(result));
        form.clearErrors();
        void notify('success', t('settings.saved'));
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400 && isSettingsField(err.field)) {
          showErrors({ [err.field]: ERROR_KEY[err.field] });
          return;
        }
        void notify('danger', errorMessage(err, t));
      },
    });
  }

  function reset() {
    form.setValues(toValues(saved));
    form.clearErrors();
  }

  const err = (f: SettingsField) => (errors[f] ? t(`settings.errors.${errors[f]}`) : undefined);
  const field = (f: SettingsField) => ({ ...form.getInputProps(f), error: err(f) });
  const whole = (f: 'max_shift_hours' | 'offline_window_hours' | 'day_start_hour' | 'day_end_hour' | 'max_upload_mib' | 'notification_retention_days') => ({
    ...WHOLE,
    ...field(f),
  });
  const [shiftHours, dayStart, dayEnd, uploadMiB] = [whole('max_shift_hours'), whole('day_start_hour'), whole('day_end_hour'), whole('max_upload_mib')];

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label={t('nav.settings')}>
      <Stack gap="lg">
        <Section title={t('settings.organisation')} cols={{ base: 1, lg: 2 }} verticalSpacing="md">
          <TextInput
            label={t('settings.organisationName')}
            description={t('settings.organisationNameHelp')}
            {...field('organisation_name')}
            autoComplete="organization"
            required
          />
          <TextInput
            type="email"
            dir="ltr"
            label={t('settings.supportEmail')}
            description={t('settings.supportEmailHelp')}
            {...field('support_email')}
            autoComplete="email"
            required
          />
          <Textarea
            label={t('settings.address')}
            description={t('settings.addressHelp')}
            {...field('organisation_address')}
            autoComplete="street-address"
            autosize
            minRows={3}
            maxRows={6}
          />
          <Select
            label={t('settings.timeZone')}
            description={nowThere ? t('settings.timeZoneHelp', { time: nowThere }) : undefined}
            placeholder={t('settings.timeZoneSearch')}
            nothingFoundMessage={t('settings.timeZoneNothingFound')}
            data={zones}
            {...field('time_zone')}
            searchable
            allowDeselect={false}
            maxDropdownHeight={280}
            limit={80}
            required
          />
          <Select
            label={t('settings.currency')}
            description={t('settings.currencyHelp')}
            data={CURRENCIES}
            {...form.getInputProps('currency')}
            searchable
            allowDeselect={false}
          />
        </Section>

        <Section title={t('settings.kiosk')} cols={{ base: 1, lg: 2 }}>
          <NumberInput
            label={t('settings.maxShiftHours')}
            description={t('settings.maxShiftHoursHelp')}
            {...shiftHours}
            min={MAX_SHIFT_HOURS_MIN}
            max={MAX_SHIFT_HOURS_MAX}
            required
          />
          <NumberInput
            label={t('settings.offlineWindowHours')}
            description={t('settings.offlineWindowHoursHelp')}
            {...whole('offline_window_hours')}
            min={OFFLINE_WINDOW_MIN}
            max={OFFLINE_WINDOW_MAX}
            required
          />
        </Section>

        <Section title={t('settings.productionDay')} help={t('settings.productionDayHelp')} cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t('settings.dayStartHour')}
            {...dayStart}
            min={DAY_HOUR_MIN}
            max={DAY_HOUR_MAX - 1}
            required
          />
          <NumberInput
            label={t('settings.dayEndHour')}
            {...dayEnd}
            min={DAY_HOUR_MIN + 1}
            max={DAY_HOUR_MAX}
            required
          />
        </Section>

        <Section title={t('settings.documents')} cols={{ base: 1, lg: 2 }}>
          <NumberInput
            label={t('settings.maxUploadMiB')}
            description={t('settings.maxUploadMiBHelp')}
            {...uploadMiB}
            min={MAX_UPLOAD_MIB_MIN}
            max={MAX_UPLOAD_MIB_MAX}
            rightSection={<Text size="sm" c="dimmed">MiB</Text>}
            rightSectionWidth={48}
            data-testid="max-upload-mib"
            required
          />
        </Section>

        <Section title={t('settings.notifications')} cols={{ base: 1, lg: 2 }}>
          <NumberInput
            label={t('settings.notificationRetentionDays')}
            description={t('settings.notificationRetentionDaysHelp')}
            {...whole('notification_retention_days')}
            min={NOTIFICATION_RETENTION_MIN}
            max={NOTIFICATION_RETENTION_MAX}
            required
          />
        </Section>

        <Group justify="flex-end" gap="sm" wrap="wrap">
          {dirty && (
            <Text size="sm" c="dimmed" role="status" me="auto">
              {t('settings.unsaved')}
            </Text>
          )}
          <Group gap="sm" wrap="nowrap" ms="auto">
            <Button
              type="button"
              variant="default"
              onClick={reset}
              disabled={!dirty || update.isPending}
              leftSection={<IconRestore size={18} aria-hidden />}
            >
              {t('settings.reset')}
            </Button>
            <Button type="submit" disabled={!dirty} loading={update.isPending} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
              {t('common.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
