// What other features may use of employees and their time (the Go area `timeclock`).
export { useWhoIsIn } from './api/time';
export type { Employee, OpenShift, WhoIsIn } from './api/types';
export { employeeKeys } from './api/keys';
