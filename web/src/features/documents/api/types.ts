import { enumValues, type Schema } from '@/lib/api';

/** Document types (the server's list, in menu order). */
export const DOC_TYPES = enumValues<Schema<'DocumentType'>>()(['bill_of_lading', 'certificate_of_analysis', 'sop', 'invoice', 'photo', 'other']);
export type DocType = Schema<'DocumentType'>;

/** What a document may be linked to. */
export const LINK_KINDS = enumValues<Schema<'DocumentLinkKind'>>()(['batch', 'shipment', 'production', 'project', 'employee']);
export type LinkKind = Schema<'DocumentLinkKind'>;

/** A stored document as the API describes it. */
export type DocumentRecord = Schema<'StoredDocument'>;

/** Content types the screen previews in place: PDFs and images, never HTML. */
export const PREVIEWABLE: readonly string[] = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'];

/** What the upload picker lists; the server checks the content itself. */
export const EXTENSIONS = ['.pdf', '.png', '.jpg', '.webp', '.csv', '.txt', '.xlsx', '.docx', '.ods', '.odt', '.zip'];

export function isPreviewable(d: Pick<DocumentRecord, 'content_type'>): boolean {
  return PREVIEWABLE.includes(d.content_type);
}
