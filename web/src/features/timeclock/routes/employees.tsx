import '../strings';
import { Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame';
import { usePublicSettings } from '@/lib/public-settings';
import { useEmployee, type Employee } from '../api/employees';
import { EmployeeFormModal } from '../components/employee-form-modal';
import { EmployeeTable } from '../components/employee-table';
import { PinFormModal } from '../components/pin-form-modal';
import { PunchesModal } from '../components/punches-modal';
import { TimesheetView } from '../components/timesheet-view';
import { WhoIsIn } from '../components/who-is-in';
import { DEFAULT_TIME_ZONE } from '../lib/time';

const TABS = ['list', 'now', 'timesheets'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => (TABS as readonly (string | null)[]).includes(v);

type Dialog = { kind: 'add' } | { kind: 'edit' | 'pin' | 'punches'; employee: Employee } | null;

/** /employees: the office side of the time clock. */
export default function EmployeesPage() {
  const { t } = useTranslation();
  const settings = usePublicSettings();
  const timeZone = settings.data?.time_zone || DEFAULT_TIME_ZONE;
  const [dialog, setDialog] = useState<Dialog>(null);
  // The open tab lives in the address (?tab=now), so the dashboard can link to who is in.
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const tab: Tab = isTab(wanted) ? wanted : 'list';
  const openTab = (v: string | null) => setParams(isTab(v) && v !== 'list' ? { tab: v } : {}, { replace: true });
  // ?punches=<id> opens that employee's time (a document links here).
  const punchesId = Number(params.get('punches')) || null;
  const linked = useEmployee(punchesId);
  const close = () => {
    setDialog(null);
    if (punchesId != null)
      setParams(
        (p) => {
          const n = new URLSearchParams(p);
          n.delete('punches');
          return n;
        },
        { replace: true },
      );
  };
  return (
    <PageFrame title={t('nav.employees')} description={t('employees.description')}>
      <Tabs value={tab} onChange={openTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="list">{t('employees.tabList')}</Tabs.Tab>
          <Tabs.Tab value="now">{t('employees.whoIsIn')}</Tabs.Tab>
          <Tabs.Tab value="timesheets">{t('employees.timesheets')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list" pt="md">
          <Stack>
            <EmployeeTable
              timeZone={timeZone}
              onAdd={() => setDialog({ kind: 'add' })}
              onEdit={(employee) => setDialog({ kind: 'edit', employee })}
              onPin={(employee) => setDialog({ kind: 'pin', employee })}
              onPunches={(employee) => setDialog({ kind: 'punches', employee })}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="now" pt="md">
          <Stack>
            <WhoIsIn timeZone={timeZone} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="timesheets" pt="md">
          <Stack>
            <TimesheetView timeZone={timeZone} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      {dialog?.kind === 'add' && <EmployeeFormModal employee={null} onClose={close} />}
      {dialog?.kind === 'edit' && <EmployeeFormModal employee={dialog.employee} onClose={close} />}
      {dialog?.kind === 'pin' && <PinFormModal employee={dialog.employee} onClose={close} />}
      {dialog?.kind === 'punches' && <PunchesModal employee={dialog.employee} timeZone={timeZone} onClose={close} />}
      {dialog === null && punchesId != null && linked.data && <PunchesModal employee={linked.data} timeZone={timeZone} onClose={close} />}
    </PageFrame>
  );
}
