// The documents feature's public face: other features import only from here.
import './strings';
export { LinkedDocuments, type LinkedDocumentsProps } from './components/linked-documents';
export { docKeys } from './api/keys';
