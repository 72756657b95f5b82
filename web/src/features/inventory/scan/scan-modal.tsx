import { Alert, Box, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCameraOff } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './strings';
import { cameraProblem, loadDecoder as defaultLoadDecoder, openCamera as defaultOpenCamera, type CameraProblem, type Decoder } from './decoder';
import { parseLabel, type LabelRef } from './label-url';

/** How often a frame is read (ms), and how long an answer stays before the same code is tried again. */
const TICK = 200;
const HOLD = 1500;

export interface ScanModalProps {
  onClose: () => void;
  /**
   * A label (or a typed code) was read: pick its batch. Resolves to null when done (the
   * caller closes the modal), or to a message saying why not (shown; scanning goes on).
   */
  onRead: (ref: LabelRef) => Promise<string | null> | string | null;
  title?: string;
  /** Seams for tests: the camera and the decoder. */
  openCamera?: () => Promise<MediaStream>;
  loadDecoder?: () => Promise<Decoder>;
}

/**
 * The camera's picture and what it reads: a batch label's QR code or a bare code picks
 * the batch (onRead). Cancel closes it; without a camera, or when the browser is refused
 * one, it says so, and a code can still be typed.
 */
export default function ScanModal({ onClose, onRead, title, openCamera = defaultOpenCamera, loadDecoder = defaultLoadDecoder }: ScanModalProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [live, setLive] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const readRef = useRef(onRead);

  /** Hands a read to the caller; false when it was not a batch (the message says why). */
  const handle = async (text: string): Promise<boolean> => {
    const ref = parseLabel(text);
    if (!ref) {
      setMessage(t('inventory.scan.notALabel'));
      return false;
    }
    setBusy(true);
    try {
      const why = await readRef.current(ref);
      if (why) setMessage(why);
      return why == null;
    } catch {
      setMessage(t('inventory.scan.lookupFailed'));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const handleRef = useRef(handle);
  // The camera loop (started once) calls the latest of these.
  useLayoutEffect(() => {
    readRef.current = onRead;
    handleRef.current = handle;
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = '';
    let lastAt = 0;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((tr) => tr.stop());
    };
    (async () => {
      try {
        stream = await openCamera();
      } catch (err) {
        if (!stopped) setProblem(cameraProblem(err));
        return;
      }
      if (stopped) return stop();
      const v = video.current;
      if (!v) return stop();
      v.srcObject = stream;
      try {
        await v.play(); // autoPlay covers a refused play()
      } catch {
        /* ignored */
      }
      let decoder: Decoder;
      try {
        decoder = await loadDecoder();
      } catch {
        if (!stopped) setProblem('failed');
        return;
      }
      if (stopped) return;
      setLive(true);
      const tick = async () => {
        if (stopped) return;
        const text = await decoder.detect(v).catch(() => null);
        if (stopped) return;
        const now = Date.now();
        if (text && (text !== last || now - lastAt > HOLD)) {
          last = text;
          lastAt = now;
          if (await handleRef.current(text)) return; // done: the caller closes
        }
        timer = setTimeout(() => void tick(), TICK);
      };
      void tick();
    })();
    return stop;
    // The camera opens once per modal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (typed.trim()) void handle(typed);
  };

  return (
    <Modal opened onClose={onClose} title={title ?? t('inventory.scan.title')} size="lg" data-testid="scan-modal" closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="sm">
        {problem ? (
          <Alert color="orange" icon={<IconCameraOff size={18} aria-hidden />} title={t(`inventory.scan.problem.${problem}.title`)} role="alert" data-testid="scan-problem" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
            {t(`inventory.scan.problem.${problem}.body`)}
          </Alert>
        ) : (
          <Box pos="relative" bg="black" style={{ borderRadius: 8, overflow: 'hidden', aspectRatio: '4 / 3' }}>
            <video ref={video} muted playsInline autoPlay aria-label={t('inventory.scan.video')} data-testid="scan-video" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
            {!live && (
              <Text c="white" size="sm" pos="absolute" top="45%" w="100%" ta="center">
                {t('inventory.scan.starting')}
              </Text>
            )}
          </Box>
        )}
        {!problem && <Text size="sm" c="dimmed">{t('inventory.scan.hint')}</Text>}
        {message && (
          <Alert color="red" icon={<IconAlertTriangle size={16} aria-hidden />} role="status" data-testid="scan-message" p="xs">
            {message}
          </Alert>
        )}
        <form onSubmit={submit}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput label={t('inventory.scan.typeCode')} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} maxLength={500} style={{ flex: 1 }} />
            <Button type="submit" variant="light" loading={busy} disabled={!typed.trim()}>
              {t('inventory.scan.find')}
            </Button>
          </Group>
        </form>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('inventory.scan.cancel')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
