import { z } from 'zod';

/** Document types (the server's list, in menu order). */
export const DOC_TYPES = ['bill_of_lading', 'certificate_of_analysis', 'sop', 'invoice', 'photo', 'other'] as const;
export type DocType = (typeof DOC_TYPES)[number];

/** What a document may be linked to. */
export const LINK_KINDS = ['batch', 'shipment', 'production', 'project', 'employee'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** Content types the screen previews in place: PDFs and images, never HTML. */
export const PREVIEWABLE = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'];

/** What the upload picker offers; the server checks the content itself. */
export const ACCEPT = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
  'text/csv': ['.csv'],
  'text/plain': ['.txt', '.text', '.log', '.md'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.oasis.opendocument.spreadsheet': ['.ods'],
  'application/vnd.oasis.opendocument.text': ['.odt'],
  'application/zip': ['.zip'],
};

export const documentSchema = z.object({
  id: z.number(),
  name: z.string(),
  size: z.number(),
  content_type: z.string(),
  sha256: z.string(),
  type: z.enum(DOC_TYPES),
  link_kind: z.enum(LINK_KINDS).nullable(),
  link_id: z.number().nullable(),
  uploaded_by: z.number(),
  uploaded_by_name: z.string(),
  uploaded_at: z.string(),
  deleted_at: z.string().optional(),
  deleted_by_name: z.string().optional(),
  purge_at: z.string().optional(),
  entries: z.array(z.object({ name: z.string(), size: z.number() })).optional(),
});
export type DocumentRecord = z.infer<typeof documentSchema>;

export const documentListSchema = z.object({
  documents: z.array(documentSchema),
  total: z.number(),
});
export type DocumentList = z.infer<typeof documentListSchema>;

export function isPreviewable(d: Pick<DocumentRecord, 'content_type'>): boolean {
  return PREVIEWABLE.includes(d.content_type);
}
