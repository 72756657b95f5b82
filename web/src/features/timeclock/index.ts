// What other features may use of the timeclock: employees and their time.
export { useWhoIsIn, whoIsInQuery } from './api/time';
export type { Employee, OpenShift, WhoIsIn } from './api/types';
export { employeeKeys } from './api/keys';
