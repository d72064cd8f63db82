/** One member of a header's comma-separated list, with its weight (RFC 9110 §12.4.2 quality value). */
export interface Weighted {
  /** The member as written, trimmed, without its parameters. */
  readonly value: string;
  /** Its `q=` weight: 1 when it has none, NaN when the weight is not a number. */
  readonly q: number;
  /** Its place in the header, for a stable order between equal weights. */
  readonly index: number;
}

/**
 * A header's list with weights, as Accept-Language and Accept-Encoding write it: `en-GB,en;q=0.9,*;q=0.1`. The
 * members stay in the header's order; the callers sort or look up as their header needs.
 */
export function qualityList(header: string | undefined): Weighted[] {
  if (!header) return [];
  return header.split(',').map((part, index) => {
    const [value = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
    return { value: value.trim(), q: q === undefined ? 1 : Number(q.slice(2)), index };
  });
}
