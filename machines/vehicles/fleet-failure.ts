import { failureKind, type FailureKind, type HttpError } from '@/src/api/errors';

/**
 * A failed fleet call as the views word it (shared by the vehicles and drivers machines): its kind, a refusal's own
 * message (a 404 'Vehicle not found', a 409 'This vehicle already has a driver…'), and a 422's messages by field,
 * which the form shows under each field. A 422's message is the server's `messages.validation` key, not words: the
 * views say "check the fields" for it instead.
 */
export interface FleetFailure {
  readonly kind: FailureKind;
  /** The server's message for a refusal other than a 422, null otherwise. */
  readonly message: string | null;
  /** The server's messages by field of a 422 (`registration_number`, `phone`), as it named them. */
  readonly fields: Readonly<Record<string, readonly string[]>>;
}

export function fleetFailureOf(error: unknown): FleetFailure {
  const kind = failureKind(error);
  const http = kind === 'refused' ? (error as HttpError) : null;
  const invalid = http?.status === 422;
  return { kind, message: http && !invalid ? http.message : null, fields: http?.errors ?? {} };
}
