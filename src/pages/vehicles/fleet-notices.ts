import { useEffect } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { FleetFailure } from '@/machines/vehicles/fleet-failure';
import { useToasts } from '@/src/app/root-actors';
import { failureText } from '@/src/format/failure-text';

/** A notice the vehicles and drivers machines emit (VehiclesNotice, DriversNotice). */
interface FleetNotice {
  readonly tone: 'success' | 'danger';
  readonly messageId: string;
  readonly values: Readonly<Record<string, string>>;
  readonly failure: FleetFailure | null;
}

interface NoticeSource<T extends string> {
  on(type: T, handler: (notice: FleetNotice) => void): { unsubscribe(): void };
}

/**
 * Shows a fleet machine's notices as toasts (spec §4 "each action gives a success toast and, on failure, a danger
 * toast"): the action in words, and for a failure what went wrong — the server's own reason for a refusal (a vehicle
 * with work ahead, a driver on work), else what happened to the request.
 */
export function useFleetNotices<T extends string>(
  actor: NoticeSource<T>,
  type: T,
  /** The machine's toast messages (vehicle-labels.ts VEHICLE_TOASTS, driver-labels.ts DRIVER_TOASTS). */
  messages: Readonly<Record<string, MessageDescriptor>>,
): void {
  const intl = useIntl();
  const toasts = useToasts();
  useEffect(() => {
    const subscription = actor.on(type, (notice) => {
      const failure = notice.failure;
      const text = failure
        ? failure.message
          ? failureText(intl, { kind: failure.kind, message: failure.message })
          : failure.kind === 'refused'
            ? intl.formatMessage({ id: 'vehicles.form.checkFields' })
            : failureText(intl, { kind: failure.kind, message: '' })
        : undefined;
      toasts.send({
        type: 'toast.shown',
        tone: notice.tone,
        title: intl.formatMessage(
          Object.values(messages).find((m) => m.id === notice.messageId) ?? { id: notice.messageId },
          notice.values,
        ),
        ...(text ? { text } : {}),
      });
    });
    return () => subscription.unsubscribe();
  }, [actor, intl, toasts, type, messages]);
}
