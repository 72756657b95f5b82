// The messaging feature's public face: other features import only from here.
// The app shell imports it for the notifications' bell, so it names the chat's types but
// none of the chat's code (its queries would come along into every office page).
export type { Message, Topic } from './api/chat';
export { chatKeys, notificationKeys } from './api/keys';
export { NotificationsMenu } from './components/notifications-menu';
