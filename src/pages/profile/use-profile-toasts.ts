import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { FailureKind } from '@/src/api/errors';
import { useToasts } from '@/src/app/root-actors';
import { failureText } from '@/src/format/failure-text';

/**
 * The toasts of the profile's forms: 'Failed to update account details' (spec §8) with what went wrong, or that the
 * change was saved. Given to the form machines as their `notifyFailed` / `notifySaved` actions.
 */
export function useProfileToasts(savedTitle: string) {
  const intl = useIntl();
  const toasts = useToasts();
  return useMemo(
    () => ({
      notifySaved: () => toasts.send({ type: 'toast.shown', tone: 'success', title: savedTitle }),
      notifyFailed: ({ context }: { context: { failure: FailureKind | null } }) =>
        toasts.send({
          type: 'toast.shown',
          tone: 'danger',
          title: intl.formatMessage({ id: 'profile.saveFailed' }),
          ...(context.failure && context.failure !== 'refused'
            ? { text: failureText(intl, { kind: context.failure, message: '' }) }
            : {}),
        }),
    }),
    [intl, toasts, savedTitle],
  );
}
