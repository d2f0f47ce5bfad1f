/** Every request query lives under this key: a save, delete or send refreshes them all. */
export const requestsQueryKey = ['requests'] as const;

export function requestQueryKey(id: string) {
  return [...requestsQueryKey, 'detail', id] as const;
}
