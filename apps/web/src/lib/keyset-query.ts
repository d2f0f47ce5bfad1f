import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Adds `limit` and, after the first page, `cursor` to a list's query string. */
export function pagedPath(path: string, limit: number, cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return `${path}${path.includes('?') ? '&' : '?'}${params.toString()}`;
}

/**
 * The infinite query of one keyset list endpoint (`{ items, nextCursor }`): `path` carries the
 * filters, this adds the page size and the cursor.
 */
export function keysetQueryOptions<Page extends { nextCursor: string | null }>(
  queryKey: QueryKey,
  path: string,
  limit: number,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Page>(pagedPath(path, limit, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page) => last.nextCursor,
  });
}
