import { useSelector } from '@xstate/react';
import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { isOffline } from '@/machines/connectivity/connectivity.selectors';
import { isChunkLoadError, reloadForChunk } from './chunk-reload';
import { Boundary } from './error-boundaries';
import { useConnectivityActor, useToasts } from './root-actors';

/** Holds a dialogue whose code could not be fetched, so that it fails alone; any other error goes on up. */
class DialogLoadBoundary extends Boundary<{ onUnavailable: () => void }> {
  override componentDidCatch(error: Error) {
    if (isChunkLoadError(error)) this.props.onUnavailable();
  }
  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    return null;
  }
}

/**
 * A dialogue whose code loads when it first opens (React.lazy, so pages do not carry it on first load). When that code
 * cannot be fetched, the page stays as it was; before, the error took the whole page down.
 * - Offline: a danger toast says the dialogue needs the connection, and the page closes it (`onUnavailable`).
 * - Online, the chunk is gone (a new deploy): the page reloads, as spec §8 asks of a failed chunk, at most once a
 *   minute; within that minute, the toast and the dialogue closes.
 *
 * The next opening fetches the code again: React.lazy would keep the failure for good.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy's own type: any props
export function lazyDialog<C extends ComponentType<any>>(load: () => Promise<{ default: C }>) {
  let Loaded = lazy(load);
  function LazyDialog(props: ComponentProps<C> & { onUnavailable: () => void }) {
    const { onUnavailable, ...dialogProps } = props;
    const intl = useIntl();
    const toasts = useToasts();
    const offline = useSelector(useConnectivityActor(), isOffline);
    const unavailable = () => {
      Loaded = lazy(load);
      if (!offline && reloadForChunk()) return;
      toasts.send({
        type: 'toast.shown',
        tone: 'danger',
        title: intl.formatMessage({ id: offline ? 'dialog.unavailableOffline' : 'dialog.unavailable' }),
      });
      onUnavailable();
    };
    return (
      <DialogLoadBoundary onUnavailable={unavailable}>
        <Suspense fallback={null}>
          <Loaded {...(dialogProps as ComponentProps<C>)} />
        </Suspense>
      </DialogLoadBoundary>
    );
  }
  return LazyDialog;
}
