import type { SnapshotFrom } from 'xstate';
import type { csvExport } from './csv-export.machine';

type Snapshot = SnapshotFrom<typeof csvExport>;

export const isSheetOpen = (s: Snapshot) => !s.matches('closed');
export const isDownloading = (s: Snapshot) => s.hasTag('busy');
export const downloadFailure = (s: Snapshot) => (s.hasTag('error') ? s.context.failure : null);
/** The rule shown under a field: only once it was touched. */
export const shownError = (s: Snapshot, field: 'export_from' | 'export_to') =>
  s.context.touched[field] ? s.context.errors[field] : undefined;
