// A project's impact report: the office page (/projects/:id/impact), the shared read-only page
// (/impact-link/<token>), its share links and its monthly mail. Nothing else imports it: both
// pages are loaded lazily by path.
export { impactKeys } from './api/keys';
