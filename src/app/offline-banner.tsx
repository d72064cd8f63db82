import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { isOffline } from '@/machines/connectivity/connectivity.selectors';
import { NoticeBanner } from '@/src/components/notice-banner';
import { useConnectivityActor } from './root-actors';

/** Shown on every page while the browser is offline. */
export function OfflineBanner() {
  const offline = useSelector(useConnectivityActor(), isOffline);
  const intl = useIntl();
  return (
    <div role="status" aria-live="polite" className="offline-slot">
      {offline ? (
        <NoticeBanner tone="warning" title={intl.formatMessage({ id: 'offline.title' })} testId="banner-offline">
          <p>{intl.formatMessage({ id: 'offline.body' })}</p>
        </NoticeBanner>
      ) : null}
    </div>
  );
}
