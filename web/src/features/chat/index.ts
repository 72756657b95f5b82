// The chat feature's public face: other features import only from here.
export { topicsQuery, type Message, type Topic } from './api/chat';
export { chatKeys } from './api/keys';
