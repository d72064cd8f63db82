import { fromCallback } from 'xstate';
import type { ConnectivityEvent } from './connectivity.types';

/** Listens to the browser's online and offline events for as long as the machine runs. */
export const watchConnection = fromCallback<ConnectivityEvent>(({ sendBack }) => {
  const lost = () => sendBack({ type: 'connection.lost' });
  const restored = () => sendBack({ type: 'connection.restored' });
  window.addEventListener('offline', lost);
  window.addEventListener('online', restored);
  return () => {
    window.removeEventListener('offline', lost);
    window.removeEventListener('online', restored);
  };
});
