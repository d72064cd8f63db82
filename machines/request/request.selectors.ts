import type { SnapshotFrom } from 'xstate';
import type { createRequestMachine } from './request.machine';

type RequestSnapshot<T> = SnapshotFrom<ReturnType<typeof createRequestMachine<T>>>;

export const dataOf = <T>(s: RequestSnapshot<T>): T | null => s.context.data;
export const errorOf = <T>(s: RequestSnapshot<T>): unknown => s.context.error;
export const isLoading = <T>(s: RequestSnapshot<T>): boolean => s.hasTag('loading');
export const hasFailed = <T>(s: RequestSnapshot<T>): boolean => s.matches('failure');
