/** A query value as the API accepts it: scalars, arrays and nested objects. */
export type QueryValue =
  string | number | boolean | null | undefined | readonly QueryValue[] | { readonly [k: string]: QueryValue };

/**
 * Flattens a query object the way the API reads it (spec §7: "arrays and objects are flattened"):
 * `{ a: [1, 2], b: { c: 'x' } }` → `a[0]=1&a[1]=2&b[c]=x`. null and undefined are left out;
 * booleans travel as 1/0. URLSearchParams does the percent-encoding.
 */
export function flattenQuery(query: Readonly<Record<string, QueryValue>>): URLSearchParams {
  const params = new URLSearchParams();
  const visit = (key: string, value: QueryValue): void => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((item: QueryValue, i: number) => visit(`${key}[${i}]`, item));
    } else if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, QueryValue>)) visit(`${key}[${k}]`, v);
    } else if (typeof value === 'boolean') {
      params.append(key, value ? '1' : '0');
    } else {
      params.append(key, String(value));
    }
  };
  for (const [key, value] of Object.entries(query)) visit(key, value);
  return params;
}
