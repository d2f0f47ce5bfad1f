/** Every map query lives under this key: applying a route refreshes them all. */
export const mapQueryKey = ['map'] as const;

export function mapDayQueryKey(date: string, assigneeId: string) {
  return [...mapQueryKey, 'day', { date, assigneeId }] as const;
}
