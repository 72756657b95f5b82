export { useOrgToday } from '@/lib/org-time';
