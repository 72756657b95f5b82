import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, enumValues, type BodyOf, type Schema } from '@/lib/api';
import { faqKeys } from './keys';

// The shapes of the FAQ API, from its OpenAPI document.
export type FaqShown = Schema<'FAQShown'>;
export type FaqEntry = Schema<'FAQEntry'>;
export type FaqTopic = Schema<'FAQTopic'>;
export type FaqLocale = Schema<'FAQLocale'>;
export type FaqInput = BodyOf<'/api/faq', 'post'>;
export const TOPICS = enumValues<FaqTopic>()(['general', 'kiosk', 'pins', 'batches', 'recalls', 'production', 'shipping', 'documents']);

/** GET /api/faq: the questions in one language, searched on the server. */
export function useFaq(lang: FaqLocale, search: string, topic: FaqTopic | '') {
  return useQuery({
    queryKey: faqKeys.list(lang, search, topic),
    queryFn: ({ signal }) =>
      api.get('/api/faq', { query: { lang, search: search || undefined, topic: topic || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/faq/{id}: one question with every text, for editing. */
export function useFaqEntry(id: number | null) {
  return useQuery({
    queryKey: faqKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get('/api/faq/{id}', { path: { id: id! }, signal }),
    enabled: id != null,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: faqKeys.all });
}

/** POST /api/faq or PUT /api/faq/{id} (admins). */
export function useSaveFaq() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: FaqInput }) =>
      id == null ? api.post('/api/faq', { body }) : api.put('/api/faq/{id}', { path: { id }, body }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/faq/{id} (admins). */
export function useDeleteFaq() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete('/api/faq/{id}', { path: { id } }),
    onSuccess: invalidate,
  });
}

/** PUT /api/faq/order (admins): every id, in the new order. */
export function useOrderFaq() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: number[]) => api.put('/api/faq/order', { body: { ids } }),
    onSettled: invalidate,
  });
}
