import '../strings';
import { Title } from '@mantine/core';
import { IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/brand/logo';
import { ShellTools } from '@/components/shell-tools';
import { serverErrorMessage } from '@/lib/errors';
import { formatZoned } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { clock, isNetworkError, type ClockAction } from '../api/clock';
import { getEmployees, getTimeZone, type ClockStatus, type KioskEmployee } from '../api/get-employees';
import { validatePin, type PinCheck } from '../api/validate-pin';
import { Confirmation, type ConfirmationText } from '../components/confirmation';
import { EmployeeGrid } from '../components/employee-grid';
import { KioskClock } from '../components/kiosk-clock';
import { LetterBar } from '../components/letter-bar';
import { DEFAULT_TIME_ZONE, filterLetter } from '../lib/kiosk-format';
import { useIdle } from '../lib/use-idle';
import { useWakeLock } from '../lib/use-wake-lock';
import classes from '../kiosk.module.css';

// The PIN and clock dialogs are fetched when a name is tapped (the clock's while the PIN is
// typed), not with the page: the kiosk's first paint and its weight stay the list's. So is
// everything offline (WebCrypto sealing, IndexedDB, delivery): loaded after the page is up.
const loadPin = () => import('../components/pin-modal');
const loadClock = () => import('../components/clock-modal');
const loadOfflineModal = () => import('../components/offline-modal');
const loadOffline = () => import('../offline');
const PinModal = lazy(() => loadPin().then((m) => ({ default: m.PinModal })));
const ClockModal = lazy(() => loadClock().then((m) => ({ default: m.ClockModal })));
const OfflineModal = lazy(() => loadOfflineModal().then((m) => ({ default: m.OfflineModal })));

/** How often the list refreshes while nobody is using the kiosk. */
const REFRESH_MS = 60_000;
/** How long the full-screen confirmation of a punch shows. */
export const CONFIRMATION_MS = 3000;
/** How often waiting punches are offered to the server while some wait. */
const SYNC_MS = 30_000;

type Step =
  | { kind: 'list' }
  | { kind: 'pin'; employee: KioskEmployee }
  // The PIN is held in memory only until the punch is sent or sealed.
  | { kind: 'clock'; employee: KioskEmployee; status: ClockStatus; lastEvent: string | null; token: string; pin: string }
  | { kind: 'offline'; employee: KioskEmployee; status: ClockStatus; pin: string };

const nameOf = (e: KioskEmployee) => `${e.first_name} ${e.last_name}`.trim();

/** A punch waiting on this tablet, as the list shows it. */
interface Waiting {
  employee_id: number;
  action: ClockAction;
  at: string;
}

/**
 * /employee-portal: the public kiosk (SPEC §2, §4, §5, §8). Pick yourself, enter your
 * PIN, clock in or out; a full-screen confirmation follows and the kiosk returns to its
 * start by itself (also after 30 s without a touch). When the server cannot be reached
 * the punch is sealed and kept on the tablet, and sent when the network returns.
 */
export default function EmployeePortal() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('kiosk.title'));
  useWakeLock();
  const [employees, setEmployees] = useState<KioskEmployee[] | null>(null);
  const [letter, setLetter] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const [busy, setBusy] = useState(false);
  // Why the PIN dialog's last PIN was refused (cleared when it closes).
  const [pinError, setPinError] = useState<string>();
  const [timeZone, setTimeZone] = useState(DEFAULT_TIME_ZONE);
  const [confirmation, setConfirmation] = useState<ConfirmationText | null>(null);
  // Per employee: until when (ms) the PIN throttle refuses attempts from this kiosk.
  const [lockouts, setLockouts] = useState<Record<number, number>>({});
  // Shown only once the page runs (the prerendered page cannot know either).
  const [offline, setOffline] = useState(false);
  const [waiting, setWaiting] = useState<Waiting[]>([]);
  const loadSeq = useRef(0);

  const load = useCallback(
    (signal?: AbortSignal) => {
      const seq = ++loadSeq.current;
      return getEmployees(signal).then(
        (list) => {
          if (seq === loadSeq.current) setEmployees(list);
        },
        (err: unknown) => {
          if ((err instanceof DOMException && err.name === 'AbortError') || seq !== loadSeq.current) return;
          setEmployees([]);
          void notify('danger', t('kiosk.toast.loadFailed'));
        },
      );
    },
    [t],
  );

  const refreshWaiting = useCallback(async () => {
    const m = await loadOffline();
    const list = await m.waiting().catch(() => []);
    setWaiting(list.map((p) => ({ employee_id: p.employee_id, action: p.action, at: p.at })));
    return list.length;
  }, []);

  /** Offers every waiting punch to the server, in order (one delivery at a time). */
  const syncNow = useCallback(async () => {
    const m = await loadOffline();
    const r = await m.sync().catch(() => null);
    if (r && (r.recorded > 0 || r.refused > 0)) {
      if (r.recorded > 0) void notify('success', t('kiosk.offline.sent', { count: r.recorded }));
      if (r.refused > 0) void notify('warning', t('kiosk.offline.refused', { count: r.refused }));
      void load();
    }
    // What a delivery learnt about the network: it failed (offline), or reached the server.
    if (r && r.left > 0 && r.retryAfter === undefined) setOffline(true);
    else if (r && (r.recorded > 0 || r.refused > 0 || r.retryAfter !== undefined)) setOffline(false);
    await refreshWaiting();
  }, [load, refreshWaiting, t]);

  useEffect(() => {
    const ctrl = new AbortController();
    void load(ctrl.signal);
    getTimeZone(ctrl.signal)
      .then((tz) => {
        if (tz) setTimeZone(tz);
      })
      .catch(() => undefined);
    const seen = window.setTimeout(() => setOffline(!navigator.onLine), 0);
    // While online, keep the server's offline key; then send whatever waits.
    void loadOffline()
      .then((m) => m.refreshKey(ctrl.signal).catch(() => undefined))
      .then(() => (ctrl.signal.aborted ? undefined : syncNow()));
    return () => {
      ctrl.abort();
      window.clearTimeout(seen);
    };
  }, [load, syncNow]);

  useEffect(() => {
    const online = () => {
      setOffline(false);
      void syncNow();
      void load();
    };
    const gone = () => setOffline(true);
    window.addEventListener('online', online);
    window.addEventListener('offline', gone);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', gone);
    };
  }, [load, syncNow]);

  useEffect(() => {
    if (waiting.length === 0) return;
    const id = window.setInterval(() => void syncNow(), SYNC_MS);
    return () => window.clearInterval(id);
  }, [waiting.length, syncNow]);

  // Refresh now and then while the list is showing.
  useEffect(() => {
    if (step.kind !== 'list') return;
    const id = window.setInterval(() => void load(), REFRESH_MS);
    return () => window.clearInterval(id);
  }, [step.kind, load]);

  const backToList = useCallback(() => {
    setBusy(false);
    setPinError(undefined);
    setStep({ kind: 'list' });
  }, []);
  /** The kiosk's start: no dialog, no letter chosen, the list at its top. */
  const backToStart = useCallback(() => {
    backToList();
    setConfirmation(null);
    setLetter(null);
    window.scrollTo({ top: 0 });
  }, [backToList]);
  useIdle(true, backToStart);
  useEffect(() => {
    if (!confirmation) return;
    const id = window.setTimeout(backToStart, CONFIRMATION_MS);
    return () => window.clearTimeout(id);
  }, [confirmation, backToStart]);
  useEffect(() => {
    if (step.kind === 'pin') void loadClock();
  }, [step.kind]);

  // The list as the kiosk knows it: the server's, with the punches waiting here applied.
  const known = useMemo(() => {
    if (employees === null || waiting.length === 0) return employees;
    const last = new Map<number, Waiting>();
    for (const w of waiting) last.set(w.employee_id, w);
    return employees.map((e) => {
      const w = last.get(e.employee_id);
      return w ? { ...e, clock_status: (w.action === 'clockin' ? 'clocked_in' : 'clocked_out') as ClockStatus, last_event: w.at } : e;
    });
  }, [employees, waiting]);

  const shown = useMemo(
    () => (known === null ? null : letter === null ? known : known.filter((e) => filterLetter(e.last_name) === letter)),
    [known, letter],
  );

  const timeOf = (at: string | Date) =>
    formatZoned(typeof at === 'string' ? new Date(at) : at, i18n.language, { timeZone, hour: 'numeric', minute: '2-digit', hourCycle: 'h12' });

  function pinRefusal(r: Extract<PinCheck, { valid: false }>): string {
    if (r.status === 429) {
      return t('kiosk.toast.tooManyAttempts', { count: Math.max(1, Math.ceil((r.retryAfter ?? 60) / 60)) });
    }
    if (r.status === 404) return t('kiosk.toast.employeeNotFound');
    // The server is there but its database is not (db.unavailable): to the person at the
    // wall it is the same as no network — nothing to fix on their side, try again.
    if (r.status === 503) return t('kiosk.toast.networkPin');
    if (r.code === 'pin.incorrect') return t('kiosk.toast.incorrectPin');
    return serverErrorMessage(r.error, t) || r.message || t('kiosk.toast.incorrectPin');
  }

  /** The server cannot be reached: offer to keep the punch here, if this tablet can. */
  function goOffline(employee: KioskEmployee, pin: string) {
    setOffline(true);
    void loadOffline().then((m) => {
      if (!m.storedKey()) {
        void notify('danger', t('kiosk.offline.cannot'));
        backToList();
        return;
      }
      const status = known?.find((e) => e.employee_id === employee.employee_id)?.clock_status ?? employee.clock_status;
      setStep({ kind: 'offline', employee, status, pin });
    });
    void loadOfflineModal();
  }

  async function submitPin(pin: string) {
    if (step.kind !== 'pin') return;
    const employee = step.employee;
    setBusy(true);
    try {
      const r = await validatePin(employee.employee_id, pin);
      setOffline(false);
      if (r.valid) {
        setStep({ kind: 'clock', employee, status: r.clockStatus, lastEvent: r.lastEvent, token: r.clockToken, pin });
      } else {
        const why = pinRefusal(r);
        setPinError(why);
        void notify('danger', why);
        if (r.status === 429) {
          setLockouts((l) => ({ ...l, [employee.employee_id]: Date.now() + (r.retryAfter ?? 60) * 1000 }));
        }
        if (r.status === 404) {
          backToList();
          void load();
        }
      }
    } catch (err) {
      if (isNetworkError(err)) {
        void notify('danger', t('kiosk.toast.networkPin'));
        goOffline(employee, pin);
      } else void notify('danger', t('kiosk.toast.incorrectPin'));
    } finally {
      setBusy(false);
    }
  }

  async function doClock(action: ClockAction) {
    if (step.kind !== 'clock') return;
    const { employee, token, pin } = step;
    const name = nameOf(employee);
    const failed = action === 'clockin' ? t('kiosk.toast.clockInFailed') : t('kiosk.toast.clockOutFailed');
    setBusy(true);
    try {
      const r = await clock(action, employee.employee_id, token);
      if (r.ok && r.newStatus) {
        const { newStatus, timestamp } = r;
        setEmployees((list) =>
          list === null
            ? list
            : list.map((e) =>
                e.employee_id === employee.employee_id ? { ...e, clock_status: newStatus, last_event: timestamp ?? e.last_event } : e,
              ),
        );
        const clockedIn = newStatus === 'clocked_in';
        void notify('success', clockedIn ? t('kiosk.toast.clockedIn', { name }) : t('kiosk.toast.clockedOut', { name }));
        const time = timeOf(timestamp ?? new Date());
        setConfirmation({ tone: clockedIn ? 'in' : 'out', title: clockedIn ? t('kiosk.done.in', { name, time }) : t('kiosk.done.out', { name, time }) });
        void syncNow();
      } else if (r.ok) {
        void notify('danger', failed);
      } else if (r.status === 409) {
        void notify('danger', action === 'clockin' ? t('kiosk.toast.alreadyIn') : t('kiosk.toast.alreadyOut'));
      } else if (r.status === 403) {
        void notify('danger', t('kiosk.toast.pinExpired'));
      } else if (r.status === 503) {
        void notify('danger', t('kiosk.toast.network'));
      } else {
        void notify('danger', serverErrorMessage(r.error, t) || failed);
      }
    } catch (err) {
      void notify('danger', isNetworkError(err) ? t('kiosk.toast.network') : failed);
      // The PIN was right a moment ago; the punch is kept and sent when the network returns.
      if (isNetworkError(err)) {
        await savePunch(employee, pin, action);
        return;
      }
    }
    // After a punch (or a failed one) the selection is cleared: back to the list.
    backToList();
    void load();
  }

  /** Seals and keeps a punch on this tablet; the confirmation says it waits. */
  async function savePunch(employee: KioskEmployee, pin: string, action: ClockAction) {
    setBusy(true);
    const name = nameOf(employee);
    try {
      const m = await loadOffline();
      const p = await m.savePunch(employee.employee_id, pin, action);
      if (!p) {
        void notify('danger', t('kiosk.offline.cannot'));
        backToList();
        return;
      }
      await refreshWaiting();
      const time = timeOf(p.at);
      setConfirmation({
        tone: 'saved',
        title: action === 'clockin' ? t('kiosk.done.savedIn', { name, time }) : t('kiosk.done.savedOut', { name, time }),
        note: t('kiosk.done.savedNote'),
      });
    } catch {
      void notify('danger', action === 'clockin' ? t('kiosk.toast.clockInFailed') : t('kiosk.toast.clockOutFailed'));
    }
    backToList();
  }

  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Logo />
        <KioskClock timeZone={timeZone} />
        <ShellTools />
      </header>
      <main className={classes.main} id="main">
        <Title order={1} ta="center" fz={{ base: 28, md: 36 }}>
          {t('kiosk.title')}
        </Title>
        <div className={classes.status} role="status" aria-live="polite">
          {offline && (
            <span className={classes.offlineBadge}>
              <IconWifiOff size={18} aria-hidden />
              {t('kiosk.offline.banner')}
            </span>
          )}
          {waiting.length > 0 && (
            <span className={classes.offlineBadge} data-testid="kiosk-waiting">
              <IconCloudUpload size={18} aria-hidden />
              {t('kiosk.offline.waiting', { count: waiting.length })}
            </span>
          )}
        </div>
        <LetterBar value={letter} onChange={setLetter} />
        <EmployeeGrid
          employees={shown}
          onPick={(employee) => {
            setPinError(undefined);
            setStep({ kind: 'pin', employee });
          }}
        />
      </main>
      <Suspense fallback={null}>
      {step.kind === 'pin' && (
        <PinModal
          key={step.employee.employee_id}
          name={nameOf(step.employee)}
          busy={busy}
          lockedUntil={lockouts[step.employee.employee_id]}
          onSubmit={submitPin}
          onEmpty={() => void notify('warning', t('kiosk.toast.enterPin'))}
          onCancel={backToList}
          error={pinError}
        />
      )}
      {step.kind === 'clock' && (
        <ClockModal
          name={nameOf(step.employee)}
          status={step.status}
          lastEvent={step.lastEvent}
          timeZone={timeZone}
          busy={busy}
          onClock={(action) => void doClock(action)}
          onCancel={backToList}
        />
      )}
      {step.kind === 'offline' && (
        <OfflineModal
          name={nameOf(step.employee)}
          status={step.status}
          busy={busy}
          onSave={(action) => void savePunch(step.employee, step.pin, action)}
          onCancel={backToList}
        />
      )}
      </Suspense>
      {confirmation && <Confirmation text={confirmation} onDone={backToStart} />}
    </div>
  );
}
