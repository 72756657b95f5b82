import { Alert, Modal, NativeSelect, Skeleton, Stack, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_INFO, htmlLang, type Language } from '@/i18n/languages';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { TOPICS, useFaqEntry, useSaveFaq, type FaqEntry, type FaqTopic } from '../api/faq';
import { FormActions } from '@/components/form-actions';

type Texts = Record<Language, { question: string; answer: string }>;

const emptyTexts = (): Texts =>
  Object.fromEntries(LANGUAGES.map((l) => [l, { question: '', answer: '' }])) as Texts;

interface FaqEditorProps {
  opened: boolean;
  /** the entry to edit; null adds a new one */
  id: number | null;
  onClose: () => void;
}

/**
 * Adds or edits a question (admins): a topic and, per language, a question and an
 * answer. English is required; a language left empty shows the English text.
 */
export function FaqEditor({ opened, id, onClose }: FaqEditorProps) {
  const { t } = useTranslation();
  const entry = useFaqEntry(opened ? id : null);
  return (
    <Modal opened={opened} onClose={onClose} title={id == null ? t('faq.addTitle') : t('faq.editTitle')} size="lg">
      {id != null && entry.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(entry.error, t)}
        </Alert>
      ) : id != null && !entry.data ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton h={36} />
          <Skeleton h={160} />
        </Stack>
      ) : (
        <FaqForm key={id ?? 'new'} id={id} initial={id != null ? entry.data : undefined} onClose={onClose} />
      )}
    </Modal>
  );
}

function textsOf(entry: FaqEntry | undefined): Texts {
  const out = emptyTexts();
  for (const x of entry?.texts ?? []) out[x.locale] = { question: x.question, answer: x.answer };
  return out;
}

function FaqForm({ id, initial, onClose }: { id: number | null; initial: FaqEntry | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveFaq();
  const [topic, setTopic] = useState<FaqTopic>(initial?.topic ?? 'general');
  const [texts, setTexts] = useState<Texts>(() => textsOf(initial));
  const [tab, setTab] = useState<Language>('gb');
  const [error, setError] = useState<string | null>(null);

  const set = (lng: Language, field: 'question' | 'answer') => (value: string) =>
    setTexts((prev) => ({ ...prev, [lng]: { ...prev[lng], [field]: value } }));

  const submit = () => {
    setError(null);
    const body = {
      topic,
      texts: LANGUAGES.filter((l) => l === 'gb' || texts[l].question.trim() || texts[l].answer.trim()).map((l) => ({
        locale: l,
        question: texts[l].question,
        answer: texts[l].answer,
      })),
    };
    save.mutate(
      { id, body },
      {
        onSuccess: () => {
          void notify('success', t('faq.saved'));
          onClose();
        },
        onError: (err) => setError(errorMessage(err, t)),
      },
    );
  };

  return (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <NativeSelect
            label={t('faq.topic')}
            value={topic}
            onChange={(e) => setTopic(e.currentTarget.value as FaqTopic)}
            data={TOPICS.map((x) => ({ value: x, label: t(`faq.topics.${x}`) }))}
           
          />
          <Text size="sm" c="dimmed">
            {t('faq.languagesHelp')}
          </Text>
          <Tabs value={tab} onChange={(v) => v && setTab(v as Language)} keepMounted={false}>
            <Tabs.List>
              {LANGUAGES.map((l) => (
                <Tabs.Tab key={l} value={l} lang={htmlLang(l)} data-testid={`faq-tab-${l}`}>
                  {LANGUAGE_INFO[l].nativeName}
                  {(texts[l].question.trim() !== '' || l === 'gb') && ' •'}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {LANGUAGES.map((l) => (
              <Tabs.Panel key={l} value={l} pt="sm" lang={htmlLang(l)} dir={LANGUAGE_INFO[l].dir}>
                <Stack gap="sm">
                  <TextInput
                    label={t('faq.question')}
                    required={l === 'gb'}
                    maxLength={300}
                    value={texts[l].question}
                    onChange={(e) => set(l, 'question')(e.currentTarget.value)}
                   
                    data-testid={`faq-question-${l}`}
                  />
                  <Textarea
                    label={t('faq.answer')}
                    required={l === 'gb'}
                    maxLength={5000}
                    rows={7}
                    resize="vertical"
                    value={texts[l].answer}
                    onChange={(e) => set(l, 'answer')(e.currentTarget.value)}
                   
                    data-testid={`faq-answer-${l}`}
                  />
                  {l !== 'gb' && (
                    <Text size="xs" c="dimmed">
                      {t('faq.fallbackHelp')}
                    </Text>
                  )}
                </Stack>
              </Tabs.Panel>
            ))}
          </Tabs>
          <FormActions onCancel={onClose} submitLabel={t('common.save')} loading={save.isPending} />
        </Stack>
      </form>
  );
}
