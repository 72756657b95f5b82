import { Button, Code, CopyButton, Flex, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDeviceTablet, IconExternalLink } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { usePublicSettings } from '@/lib/public-settings';
import classes from './kiosk-setup-card.module.css';
import { DashboardCard } from './dashboard-card';

const QrCode = lazy(() => import('@/components/qr-code'));
const QR_SIZE = 132;

/**
 * True once the element has come into view (at once where the browser cannot tell), so
 * the QR code's module is fetched only when someone can see it, not with the dashboard.
 */
function useSeen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    io.observe(el);
    return () => io.disconnect();
  }, [seen]);
  return [ref, seen] as const;
}

/** True for an address only this computer can reach (localhost, 127.0.0.1, ::1). */
function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host.endsWith('.localhost') || host.startsWith('127.') || host === '[::1]';
  } catch {
    return false;
  }
}

/**
 * Remote-connection setup (SPEC §1): the kiosk address for the tablet, as text and as a
 * QR code. The server's --public-url when it has one, else the address this browser used.
 */
export function KioskSetupCard() {
  const { t } = useTranslation();
  const { data: settings } = usePublicSettings();
  const origin = settings?.public_url ?? window.location.origin;
  const url = `${origin}${paths.employeePortal.path}`;
  const [qrBox, qrSeen] = useSeen<HTMLDivElement>();
  return (
    <DashboardCard icon={IconDeviceTablet} color="grape" title={t('dashboard.remote')}>
      {/* A wide card: the code beside the words on wider screens, above them on a phone. */}
      <Flex direction={{ base: 'column', md: 'row' }} gap="lg" align="flex-start">
        <div ref={qrBox} className={classes.qr} style={{ width: QR_SIZE, height: QR_SIZE, flexShrink: 0 }}>
          {qrSeen && (
            <Suspense fallback={null}>
              <QrCode value={url} label={t('dashboard.kioskQr')} size={QR_SIZE} testId="kiosk-qr" />
            </Suspense>
          )}
        </div>
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {t('dashboard.remoteText')}
          </Text>
          {isLoopback(url) && (
            <Text size="sm" className={classes.warning} data-testid="kiosk-loopback">
              {/* The flag is one unbreakable word: a line break inside it would read as two flags. */}
              {t('dashboard.kioskLoopback')
                .split(/<flag>(.*?)<\/flag>/)
                .map((part, i) =>
                  // Odd parts are what <flag>…</flag> held: react-i18next's Trans would do the
                  // same, and weighs 4.7 KB gzipped on the dashboard for this one sentence.
                  i % 2 ? (
                    <Code key={i} dir="ltr" className={classes.flag}>
                      {part}
                    </Code>
                  ) : (
                    part
                  ),
                )}
            </Text>
          )}
          <div>
            <Text size="sm" fw={500} id="kiosk-address-label">
              {t('dashboard.kioskAddress')}
            </Text>
            <Text
              className={classes.address}
              ff="monospace"
              size="sm"
              dir="ltr"
              aria-labelledby="kiosk-address-label"
              data-testid="kiosk-address"
            >
              {url}
            </Text>
          </div>
          <Group gap="xs">
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? 'teal' : 'primary'}
                  leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  onClick={copy}
                >
                  {copied ? t('common.copied') : t('common.copy')}
                </Button>
              )}
            </CopyButton>
            <Button
              component="a"
              href={paths.employeePortal.path}
              target="_blank"
              rel="noopener"
              variant="default"
              rightSection={<IconExternalLink size={16} aria-hidden />}
            >
              {t('dashboard.openKiosk')}
            </Button>
          </Group>
        </Stack>
      </Flex>
    </DashboardCard>
  );
}
