// The app shell's parts, used by the main layout (src/app/layouts/main-layout.tsx).
export { AppHeader } from './components/app-header';
export { AppBreadcrumbs } from './components/breadcrumbs';
export { MailBanner } from './components/mail-banner';
export { Sidebar } from './components/sidebar';
export { useSidebar } from './components/use-sidebar';
