import type { Schema } from '@/lib/api';

// The shapes of the employee and time API, from its OpenAPI document.
/** An employee as the office endpoints return it (the kiosk sees less). */
export type Employee = Schema<'Employee'>;
export type AuditEntry = Schema<'AuditEntry'>;
export type Punch = Schema<'Punch'>;
export type OpenShift = Schema<'OpenShift'>;
export type WhoIsIn = Schema<'ClockedInNow'>;
export type Shift = Schema<'Shift'>;
export type Timesheet = Schema<'Timesheet'>;
