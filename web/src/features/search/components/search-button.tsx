import { ActionIcon } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_MENU } from '@/config/navigation';

// The spotlight (Mantine Spotlight, its Modal and stylesheet, and its strings) loads on
// the first Ctrl/⌘+K or click: every page carries only this button.
const load = () => import('./search-spotlight');
const SearchSpotlight = lazy(load);

/** The header's search button; it and Ctrl/⌘+K open the search across the app. */
export function SearchButton() {
  const { t } = useTranslation();
  const [openCount, setOpenCount] = useState(0);
  const open = () => setOpenCount((n) => n + 1);
  // Ctrl/⌘+K, also from inside a field (nobody types it). A listener of its own rather than
  // Mantine's useHotkeys, which would be one more chunk on every first load.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setOpenCount((n) => n + 1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        size={36}
        // Named by its title (a tooltip too), not aria-label: a page's own "Search" field
        // stays the one element labelled so.
        title={t('navbar.search')}
        aria-haspopup="dialog"
        data-testid="search-button"
        onPointerEnter={() => void load().catch(() => undefined)}
        onClick={open}
      >
        {/* Tabler's "search" drawn in place: an icon module of its own would be one more request on every first load. */}
        <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
          <path d="M3 10a7 7 0 1 0 14 0a7 7 0 1 0 -14 0M21 21l-6 -6" />
        </svg>
      </ActionIcon>
      {openCount > 0 && (
        <Suspense fallback={null}>
          <SearchSpotlight openCount={openCount} menu={MAIN_MENU} />
        </Suspense>
      )}
    </>
  );
}
