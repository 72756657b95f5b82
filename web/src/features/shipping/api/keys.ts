/** Query keys of the shipping feature. */
export const shippingKeys = {
  all: ['shipping'] as const,
  list: (params: object) => [...shippingKeys.all, 'list', params] as const,
  one: (id: number) => [...shippingKeys.all, id] as const,
  trace: (id: number) => [...shippingKeys.all, 'trace', id] as const,
  batchOptions: (search: string) => [...shippingKeys.all, 'batches', search] as const,
};
