import { DatePickerInput, DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf, type Language } from '@/i18n/languages';

/** dayjs locale per app language (loaded on demand with the picker). */
const DAYJS_LOCALES: Record<Language, { name: string; load?: () => Promise<unknown> }> = {
  gb: { name: 'en' },
  br: { name: 'pt-br', load: () => import('dayjs/locale/pt-br') },
  es: { name: 'es', load: () => import('dayjs/locale/es') },
  cn: { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  ir: { name: 'fa', load: () => import('dayjs/locale/fa') },
};

dayjs.extend(localizedFormat);

const loadedLocales = new Set<string>();

export interface DateFieldProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  clearable?: boolean;
  required?: boolean;
  minDate?: string;
  description?: string;
  error?: string;
}

/**
 * A calendar date picker ('YYYY-MM-DD' in and out), in the user's language. It is the
 * heaviest part of the inventory forms, so it is its own lazily loaded module.
 */
export default function DateField({ label, value, onChange, clearable, required, minDate, description, error }: DateFieldProps) {
  const { i18n } = useTranslation();
  const entry = DAYJS_LOCALES[languageOf(i18n.language)];
  const [, rerender] = useState(0);
  const ready = !entry.load || loadedLocales.has(entry.name);
  useEffect(() => {
    if (ready || !entry.load) return;
    let live = true;
    void entry.load().then(() => {
      loadedLocales.add(entry.name);
      if (live) rerender((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [entry, ready]);
  const locale = ready ? entry.name : 'en';
  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: locale === 'en' ? 0 : 1 }}>
      <DatePickerInput
        label={label}
        value={value}
        onChange={(v) => onChange(v ? dayjs(v).format('YYYY-MM-DD') : null)}
        clearable={clearable}
        required={required}
        minDate={minDate}
        description={description}
        error={error}
        valueFormat="LL"
        popoverProps={{ withinPortal: true }}
      />
    </DatesProvider>
  );
}
