import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { IconChevronRight, IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatches } from 'react-router';
import { HOME_PATH } from '@/config/paths';
import { isRouteHandle } from '@/config/route-handle';
import { useRecordCrumbLabel } from '@/lib/use-document-title';

/** Breadcrumb from Home (→ dashboard) naming each level of the current route; a record's page ends in its name or code. */
export function AppBreadcrumbs() {
  const { t } = useTranslation();
  const matches = useMatches();
  const record = useRecordCrumbLabel(useLocation().pathname);
  const crumbs = matches.flatMap((m) =>
    isRouteHandle(m.handle) && m.handle.crumb ? [{ key: m.id, label: t(m.handle.crumb), to: m.pathname }] : [],
  );
  return (
    <nav aria-label={t('nav.breadcrumb')} data-testid="breadcrumb">
      <Breadcrumbs separator={<IconChevronRight size={14} aria-hidden className="mirror-rtl" />} separatorMargin={6}>
        <Anchor component={Link} to={HOME_PATH} size="sm" c="dimmed" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          <IconHome size={14} aria-hidden />
          {t('nav.home')}
        </Anchor>
        {crumbs.map((c, i) =>
          i === crumbs.length - 1 ? (
            <Text key={c.key} size="sm" fw={600} aria-current="page" dir="auto" truncate style={{ maxWidth: 'min(360px, 45vw)' }}>
              {record ?? c.label}
            </Text>
          ) : (
            <Anchor key={c.key} component={Link} to={c.to} size="sm" c="dimmed">
              {c.label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
