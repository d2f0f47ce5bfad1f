/**
 * A list's filters as its address gave them (?status=overdue&from=…): only the keys the list
 * knows, each a string, the rest left at their empty value. Home's tiles and the reports' rows
 * link to lists this way (decision 033), so a list starts from what the link asked for.
 */
export function filtersFromQuery<T extends object>(empty: T, params: URLSearchParams): T {
  const filters = { ...empty };
  for (const key of Object.keys(empty) as (keyof T & string)[]) {
    const value = params.get(key);
    if (value !== null && typeof empty[key] === 'string') {
      (filters as Record<string, unknown>)[key] = value;
    }
  }
  return filters;
}
