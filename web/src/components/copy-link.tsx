import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the last Copy did: copied (by the clipboard, or the browser's own copy of the selection), or only selected. */
type Copied = 'copied' | 'selected' | null;

/**
 * The browser's own copy of the selected text: the one way to copy where the clipboard API is
 * missing (a page served over plain http on the local network). False when it did not copy.
 */
function copySelection(): boolean {
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  }
}

/**
 * A link someone must pass on by hand (an invitation, an invoice's page), in a read-only field
 * beside a Copy button. Copy uses the clipboard when the browser offers it; where it does not
 * (plain http, a denied permission) the link is selected in the field and copied the browser's
 * old way, or, failing that, left selected with a line saying to press Ctrl+C. Either way a
 * visible, announced line says what happened.
 */
export function CopyLink({ url, label, testId }: { url: string; label: string; /** the field's, holding the link */ testId?: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [done, setDone] = useState<{ url: string; how: Copied }>({ url, how: null });
  const how = done.url === url ? done.how : null;
  const status = useId();

  function selectLink(): boolean {
    const el = input.current;
    if (!el) return false;
    el.focus();
    el.select();
    return true;
  }

  async function copy() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setDone({ url, how: 'copied' });
    } catch {
      const selected = selectLink();
      setDone({ url, how: selected && copySelection() ? 'copied' : 'selected' });
    }
  }

  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          ref={input}
          label={label}
          value={url}
          readOnly
          dir="ltr"
          onFocus={(e) => e.currentTarget.select()}
          style={{ flex: 1, minWidth: 0 }}
          aria-describedby={status}
          data-testid={testId}
        />
        <Button variant="default" leftSection={how === 'copied' ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />} onClick={() => void copy()}>
          {t('common.copyLink')}
        </Button>
      </Group>
      <Text id={status} size="xs" c={how === 'selected' ? undefined : 'teal'} role="status" aria-live="polite" mih={18}>
        {how === 'copied' ? t('common.linkCopied') : how === 'selected' ? t('common.copySelected') : ''}
      </Text>
    </Stack>
  );
}
