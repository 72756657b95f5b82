import '../strings';
import { Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/brand/logo';
import { ShellTools } from '@/components/shell-tools';
import { serverErrorMessage } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { clock, isNetworkError, type ClockAction } from '../api/clock';
import { getEmployees, getTimeZone, type ClockStatus, type KioskEmployee } from '../api/get-employees';
import { validatePin, type PinCheck } from '../api/validate-pin';
import { ClockModal } from '../components/clock-modal';
import { EmployeeGrid } from '../components/employee-grid';
import { LetterBar } from '../components/letter-bar';
import { PinModal } from '../components/pin-modal';
import { DEFAULT_TIME_ZONE, filterLetter } from '../lib/kiosk-format';
import { useIdle } from '../lib/use-idle';
import classes from '../kiosk.module.css';

/** How often the list refreshes while nobody is using the kiosk. */
const REFRESH_MS = 60_000;

type Step =
  | { kind: 'list' }
  | { kind: 'pin'; employee: KioskEmployee }
  | { kind: 'clock'; employee: KioskEmployee; status: ClockStatus; lastEvent: string | null; token: string };

const nameOf = (e: KioskEmployee) => `${e.first_name} ${e.last_name}`.trim();

/**
 * /employee-portal: the public kiosk (SPEC §2, §4, §5, §8). Pick yourself, enter your
 * PIN, clock in or out; the kiosk then returns to the list by itself.
 */
export default function EmployeePortal() {
  const { t } = useTranslation();
  useDocumentTitle(t('kiosk.title'));
  const [employees, setEmployees] = useState<KioskEmployee[] | null>(null);
  const [letter, setLetter] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const [busy, setBusy] = useState(false);
  const [timeZone, setTimeZone] = useState(DEFAULT_TIME_ZONE);
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

  useEffect(() => {
    const ctrl = new AbortController();
    void load(ctrl.signal);
    getTimeZone(ctrl.signal)
      .then((tz) => {
        if (tz) setTimeZone(tz);
      })
      .catch(() => undefined);
    return () => ctrl.abort();
  }, [load]);

  // Refresh now and then while the list is showing.
  useEffect(() => {
    if (step.kind !== 'list') return;
    const id = window.setInterval(() => void load(), REFRESH_MS);
    return () => window.clearInterval(id);
  }, [step.kind, load]);

  const backToList = useCallback(() => {
    setBusy(false);
    setStep({ kind: 'list' });
  }, []);
  useIdle(step.kind !== 'list', backToList);

  const shown = useMemo(
    () => (employees === null ? null : letter === null ? employees : employees.filter((e) => filterLetter(e.last_name) === letter)),
    [employees, letter],
  );

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

  async function submitPin(pin: string) {
    if (step.kind !== 'pin') return;
    const employee = step.employee;
    setBusy(true);
    try {
      const r = await validatePin(employee.employee_id, pin);
      if (r.valid) {
        setStep({ kind: 'clock', employee, status: r.clockStatus, lastEvent: r.lastEvent, token: r.clockToken });
      } else {
        void notify('danger', pinRefusal(r));
        if (r.status === 404) {
          backToList();
          void load();
        }
      }
    } catch (err) {
      if (isNetworkError(err)) void notify('danger', t('kiosk.toast.networkPin'));
      else void notify('danger', t('kiosk.toast.incorrectPin'));
    } finally {
      setBusy(false);
    }
  }

  async function doClock(action: ClockAction) {
    if (step.kind !== 'clock') return;
    const { employee, token } = step;
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
        void notify(
          'success',
          newStatus === 'clocked_in' ? t('kiosk.toast.clockedIn', { name }) : t('kiosk.toast.clockedOut', { name }),
        );
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
    }
    // After a punch (or a failed one) the selection is cleared: back to the list.
    backToList();
    void load();
  }

  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Logo />
        <ShellTools />
      </header>
      <main className={classes.main} id="main">
        <Title order={1} ta="center" fz={{ base: 28, md: 36 }}>
          {t('kiosk.title')}
        </Title>
        <LetterBar value={letter} onChange={setLetter} />
        <EmployeeGrid employees={shown} onPick={(employee) => setStep({ kind: 'pin', employee })} />
      </main>
      {step.kind === 'pin' && (
        <PinModal
          key={step.employee.employee_id}
          name={nameOf(step.employee)}
          busy={busy}
          onSubmit={submitPin}
          onEmpty={() => void notify('warning', t('kiosk.toast.enterPin'))}
          onCancel={backToList}
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
    </div>
  );
}
