import { DateInput, DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf, type Language } from '@/i18n/languages';
import { formatCalendarDate } from '@/lib/format';
import type { DateFieldProps } from './index';

/** dayjs locale per app language, for the calendar's month and day names (loaded with the picker). */
const DAYJS_LOCALES: Record<Language, { name: string; firstDay: 0 | 1 | 6; load: () => Promise<unknown> }> = {
  gb: { name: 'en-gb', firstDay: 1, load: () => import('dayjs/locale/en-gb') },
  br: { name: 'pt-br', firstDay: 0, load: () => import('dayjs/locale/pt-br') },
  es: { name: 'es', firstDay: 1, load: () => import('dayjs/locale/es') },
  cn: { name: 'zh-cn', firstDay: 1, load: () => import('dayjs/locale/zh-cn') },
  ir: { name: 'fa', firstDay: 6, load: () => import('dayjs/locale/fa') },
};

dayjs.extend(localizedFormat);
dayjs.extend(customParseFormat);

const loadedLocales = new Set<string>();
const ISO = /^\d{4}-\d{2}-\d{2}$/;
/** Persian and Arabic-Indic digits typed into the field, read as 0–9. */
const toLatinDigits = (s: string) => s.replace(/[۰-۹٠-٩]/g, (d) => String(d.charCodeAt(0) & 0xf));

/**
 * The one date field: 'YYYY-MM-DD' in and out, shown the way every date in the
 * interface is written (formatCalendarDate: '25 Nov 2026' in en-GB), a calendar in the
 * interface's language, and typing allowed: an ISO date or the locale's short form
 * (25/11/2026 in en-GB, 11/25/2026 nowhere here). The heaviest part of a form, so it is
 * fetched when a form first shows one (./index.tsx).
 */
export default function DateField({ value, onChange, ...props }: DateFieldProps) {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  const entry = DAYJS_LOCALES[languageOf(lng)];
  const [, rerender] = useState(0);
  const ready = loadedLocales.has(entry.name);
  useEffect(() => {
    if (ready) return;
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
  // Escape with the calendar open closes the calendar only, not the dialog around the field
  // (and the input someone was typing into with it).
  const [calendarOpen, setCalendarOpen] = useState(false);
  const parse = (typed: string): string | null => {
    const text = toLatinDigits(typed.trim());
    if (ISO.test(text)) return dayjs(text, 'YYYY-MM-DD', true).isValid() ? text : null;
    const d = dayjs(text, ['L', 'l', 'll', 'LL'], locale);
    return d.isValid() ? d.format('YYYY-MM-DD') : null;
  };
  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: entry.firstDay }}>
      <DateInput
        {...props}
        value={value || null}
        onChange={(v) => onChange(v ? dayjs(v).format('YYYY-MM-DD') : null)}
        valueFormat={(d) => formatCalendarDate(d, lng)}
        dateParser={parse}
        popoverProps={{ withinPortal: true, onOpen: () => setCalendarOpen(true), onClose: () => setCalendarOpen(false) }}
        // Mantine's dialogs leave an Escape alone whose target says so (they listen on the window).
        data-mantine-stop-propagation={calendarOpen ? 'true' : undefined}
      />
    </DatesProvider>
  );
}
