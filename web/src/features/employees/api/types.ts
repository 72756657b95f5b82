import * as z from 'zod/mini';

/** An employee as the office endpoints return it (the kiosk sees less). */
export const employeeSchema = z.object({
  employee_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  clock_status: z.enum(['clocked_in', 'clocked_out']),
  last_event: z.nullable(z.string()),
  active: z.boolean(),
  has_pin: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  archived_at: z.nullable(z.string()),
});
export type Employee = z.infer<typeof employeeSchema>;

export const punchStateSchema = z.object({ kind: z.string(), at: z.string(), voided: z.boolean() });

export const auditEntrySchema = z.object({
  id: z.number(),
  punch_id: z.number(),
  employee_id: z.number(),
  action: z.enum(['add', 'edit', 'void']),
  reason: z.string(),
  user_id: z.number(),
  user_name: z.string(),
  at: z.string(),
  before: z.nullable(punchStateSchema),
  after: punchStateSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const punchSchema = z.object({
  id: z.number(),
  employee_id: z.number(),
  kind: z.enum(['in', 'out']),
  at: z.string(),
  source: z.string(),
  created_at: z.string(),
  voided: z.boolean(),
  corrected: z.boolean(),
  audit: z.array(auditEntrySchema),
});
export type Punch = z.infer<typeof punchSchema>;

export const openShiftSchema = z.object({
  employee_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  since: z.string(),
  punch_id: z.number(),
  hours: z.number(),
  forgotten: z.boolean(),
});
export const nowSchema = z.object({
  clocked_in: z.array(openShiftSchema),
  count: z.number(),
  forgotten_count: z.number(),
  max_shift_hours: z.number(),
  time_zone: z.string(),
});
export type WhoIsIn = z.infer<typeof nowSchema>;

const shiftSchema = z.object({
  in_punch_id: z.optional(z.number()),
  out_punch_id: z.optional(z.number()),
  in: z.nullable(z.string()),
  out: z.nullable(z.string()),
  hours: z.number(),
  flags: z.array(z.string()),
});
export type Shift = z.infer<typeof shiftSchema>;

export const timesheetSchema = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  max_shift_hours: z.number(),
  days: z.array(z.string()),
  employees: z.array(
    z.object({
      employee_id: z.number(),
      first_name: z.string(),
      last_name: z.string(),
      active: z.boolean(),
      shifts: z.array(shiftSchema),
      days: z.array(z.object({ date: z.string(), hours: z.number() })),
      total_hours: z.number(),
      flagged: z.number(),
    }),
  ),
  total_hours: z.number(),
  flagged: z.number(),
});
export type Timesheet = z.infer<typeof timesheetSchema>;
