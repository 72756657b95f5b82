import { Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import {
  IconAlertOctagon,
  IconBox,
  IconFile,
  IconFolder,
  IconPackage,
  IconReceipt,
  IconSearch,
  IconTargetArrow,
  IconTruck,
  IconUser,
  type Icon,
} from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loadNamespaces } from '@/i18n';
import type { NavItem } from '@/config/navigation';
import { useSession } from '@/lib/auth/use-session';
import { SEARCH_MIN, useSearch, type SearchKind, type SearchResult } from '../api/search';
import { appPages, matchPages, resultHref } from '../lib/search-targets';

// Its strings (namespace `search`, with the document types it names) load with it: the office entry carries none of them.
await loadNamespaces('search');

const [store, actions] = createSpotlight();

const KIND_ICON: Record<SearchKind, Icon> = {
  item: IconPackage,
  batch: IconBox,
  shipment: IconTruck,
  employee: IconUser,
  project: IconTargetArrow,
  invoice: IconReceipt,
  document: IconFile,
  recall: IconAlertOctagon,
};
const KINDS = Object.keys(KIND_ICON) as SearchKind[];

/**
 * The search across the app (Ctrl/⌘+K or the header's search button), loaded on first use:
 * the records the server finds (./api/search) kind by kind, and the app's pages by their
 * translated navigation labels. Arrows move, Enter opens, Esc closes. `openCount` opens it
 * each time it changes (the first time as it mounts). `menu` is the main menu (handed in, so
 * this chunk does not split config/navigation out of the layout's).
 */
export default function SearchSpotlight({ openCount, menu }: { openCount: number; menu: NavItem[] }) {
  const { t, i18n } = useTranslation();
  const { role } = useSession();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 200);
  const search = useSearch(debounced);
  const results = debounced.length >= SEARCH_MIN ? (search.data ?? []) : [];
  const pages = useMemo(() => matchPages(appPages(menu, role, t), query.trim(), i18n.language), [menu, role, t, query, i18n.language]);

  useEffect(() => {
    if (openCount > 0) actions.open();
  }, [openCount]);

  // Enter opens the record whose own name or code is what was typed (a batch code typed
  // whole opens that batch, not an item whose SKU begins the same), else the first match,
  // when no other was picked with the arrows.
  const enterOpensFirst = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || store.getState().selected >= 0) return;
    const typed = query.trim().toLowerCase();
    const exact = results.find((r) => r.title.toLowerCase() === typed);
    if (exact) {
      e.preventDefault();
      actions.close();
      open(resultHref(exact));
      return;
    }
    document.querySelector<HTMLElement>(`#${store.getState().listId} [data-action]`)?.click();
  };

  const open = (to: string) => void navigate(to);
  const groups = KINDS.map((kind) => ({ kind, items: results.filter((r) => r.kind === kind) })).filter((g) => g.items.length > 0);
  const waiting = debounced !== query.trim() || search.isFetching;
  const nothing = query.trim().length >= SEARCH_MIN && !waiting && pages.length === 0 && results.length === 0;

  return (
    <Spotlight.Root store={store} query={query} onQueryChange={setQuery} shortcut={null} scrollable maxHeight={480} aria-label={t('search.label')}>
      <Spotlight.Search
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={waiting && query.trim().length >= SEARCH_MIN ? <Loader size="xs" aria-label={t('common.loading')} /> : null}
        data-testid="search-input"
        onKeyDown={enterOpensFirst}
      />
      <Spotlight.ActionsList data-testid="search-results">
        {pages.length > 0 && (
          <Spotlight.ActionsGroup label={t('search.kinds.page')}>
            {pages.map((p) => (
              <Spotlight.Action key={p.to} label={p.label} leftSection={<IconFolder size={18} aria-hidden />} onClick={() => open(p.to)} />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {groups.map((g) => (
          <Spotlight.ActionsGroup key={g.kind} label={t(`search.kinds.${g.kind}`)}>
            {g.items.map((r) => (
              <ResultAction key={`${r.kind}-${r.id}`} r={r} onOpen={() => open(resultHref(r))} />
            ))}
          </Spotlight.ActionsGroup>
        ))}
        {query.trim().length < SEARCH_MIN && <Spotlight.Empty>{t('search.hint')}</Spotlight.Empty>}
        {nothing && <Spotlight.Empty>{t('search.nothing', { query: query.trim() })}</Spotlight.Empty>}
      </Spotlight.ActionsList>
      <Spotlight.Footer>
        <Group gap="md" justify="center">
          <Text size="xs" c="dimmed">
            {t('search.keys')}
          </Text>
        </Group>
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}

function ResultAction({ r, onOpen }: { r: SearchResult; onOpen: () => void }) {
  const { t } = useTranslation();
  const Icon = KIND_ICON[r.kind];
  const title = r.title || (r.kind === 'invoice' ? t('search.draftInvoice') : '');
  const subtitle = r.kind === 'document' ? t(`documents.types.${r.subtitle}`, { defaultValue: r.subtitle }) : r.subtitle;
  return (
    <Spotlight.Action onClick={onOpen} data-testid={`search-result-${r.kind}`}>
      <Group wrap="nowrap" gap="sm" w="100%">
        <Icon size={18} aria-hidden style={{ flexShrink: 0, opacity: 0.7 }} />
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} dir="auto" truncate>
            {title}
          </Text>
          {subtitle && (
            <Text size="xs" c="dimmed" dir="auto" truncate>
              {subtitle}
            </Text>
          )}
        </div>
      </Group>
    </Spotlight.Action>
  );
}
