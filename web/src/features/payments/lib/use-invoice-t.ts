import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlLang, languageOf } from '@/i18n/languages';

/** The t and locale of an invoice's language (the client's), loaded on demand; the reader's until it is. */
export function useInvoiceT(language: string | undefined) {
  const { t, i18n } = useTranslation();
  const tag = htmlLang(languageOf(language ?? i18n.language));
  const [ready, setReady] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void i18n.loadLanguages(tag).then(() => live && setReady(tag));
    return () => {
      live = false;
    };
  }, [i18n, tag]);
  return ready === tag ? { it: i18n.getFixedT(tag), ilng: tag } : { it: t, ilng: i18n.language };
}
