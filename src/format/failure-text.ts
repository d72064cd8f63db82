import type { IntlShape } from 'react-intl';
import { GENERIC_REFUSAL, type FailureKind } from '@/src/api/errors';

/**
 * The partner's words for a failed request (kinds: src/api/errors.ts `failureKind`): a refusal shows the server's own
 * message (spec §8 "a danger toast with the error text"); for no connection, no answer in time, an unreadable answer or
 * a server failure the portal says what happened and what to do, in the partner's language.
 */
export function failureText(
  intl: IntlShape,
  failure: { readonly kind: FailureKind; readonly message: string },
): string {
  switch (failure.kind) {
    case 'refused':
      return failure.message === GENERIC_REFUSAL || failure.message.trim() === ''
        ? intl.formatMessage({ id: 'failure.refused' })
        : failure.message;
    case 'offline':
      return intl.formatMessage({ id: 'failure.offline' });
    case 'timeout':
      return intl.formatMessage({ id: 'failure.timeout' });
    case 'unreadable':
      return intl.formatMessage({ id: 'failure.unreadable' });
    case 'server':
      return intl.formatMessage({ id: 'failure.server' });
  }
}
