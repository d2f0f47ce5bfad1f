import type { ScreenLink } from '@crewdesk/domain';

/** A server-sent link ({ path, query }) as an href the router opens: the list reads the query. */
export function hrefOf(link: ScreenLink): string {
  const search = new URLSearchParams(link.query).toString();
  return search ? `${link.path}?${search}` : link.path;
}
