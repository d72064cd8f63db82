/**
 * What a fleet call answers: the data, or a refusal with its status and `{ message }` body. A vehicle or driver of
 * another partner is refused exactly like a missing one (404 'Vehicle not found' / 'Driver not found'), so ids
 * reveal nothing. Bad input is not an outcome: it throws ValidationError (422 with `errors` by field).
 */
export type FleetOutcome<T> =
  | { readonly ok: true; readonly data: T }
  | { readonly ok: false; readonly status: 404 | 409; readonly body: { readonly message: string } };

export const ok = <T>(data: T): FleetOutcome<T> => ({ ok: true, data });
export const refused = (status: 404 | 409, message: string): FleetOutcome<never> => ({
  ok: false,
  status,
  body: { message },
});
