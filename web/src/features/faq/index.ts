// The FAQ feature's public face: other features import only from here.
export { useFaq, type FaqShown } from './api/faq';
export { faqKeys } from './api/keys';
