/**
 * A number field's value for its schema: null when left empty, else the number typed (the schema
 * then says whether it is a whole, non-negative one).
 */
export function countOrNull(value: unknown): number | null {
  if (value === '' || value === null || value === undefined) return null;
  return Number(String(value).trim());
}
