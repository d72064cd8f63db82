import { fromPromise } from 'xstate';
import { fetchAppInit } from '@/src/api/partner-overview';

export const loadAppInit = fromPromise(() => fetchAppInit());
