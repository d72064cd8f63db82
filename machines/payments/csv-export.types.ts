import type { FieldError } from '@/machines/forms/form-rules';
import type { FailureKind } from '@/src/api/errors';

/** The ranges the side sheet offers; `custom` is the two date fields as typed. */
export const EXPORT_PRESETS = ['this_month', 'last_month', 'tax_year', 'custom'] as const;
export type ExportPreset = (typeof EXPORT_PRESETS)[number];

/** The form's fields: their labels are `fields.export_from` / `fields.export_to` (spec §5 message scheme). */
export type ExportField = 'export_from' | 'export_to';

export interface CsvExportInput {
  /** Today in London, yyyy-MM-dd: the presets count from it. */
  readonly today: string;
}

export interface CsvExportContext {
  readonly today: string;
  readonly preset: ExportPreset;
  /** The dates as the fields hold them, yyyy-MM-dd (a date input's value). */
  readonly values: Readonly<Record<ExportField, string>>;
  /** Each field's first broken rule (machines/forms/form-rules.ts). */
  readonly errors: Partial<Record<ExportField, FieldError>>;
  /** Fields the partner left, or all of them once Download was pressed: their state shows. */
  readonly touched: Partial<Record<ExportField, boolean>>;
  /** The server's texts for a field of a refused range (a 422), shown under it. */
  readonly serverErrors: Partial<Record<ExportField, readonly string[]>>;
  /** Why the download failed (not a refused range). */
  readonly failure: FailureKind | null;
  /** The last file saved, for the success notice. */
  readonly saved: string | null;
}

export type CsvExportEvent =
  | { readonly type: 'export.opened' }
  | { readonly type: 'export.closed' }
  | { readonly type: 'export.preset.chosen'; readonly preset: ExportPreset }
  | { readonly type: 'export.field.changed'; readonly field: ExportField; readonly value: string }
  | { readonly type: 'export.field.blurred'; readonly field: ExportField }
  | { readonly type: 'export.submitted' }
  | { readonly type: 'export.retried' };

/** What the machine tells the page: a file is ready to save (the view saves it), or the download failed. */
export type CsvExportEmitted =
  | { readonly type: 'export.file'; readonly text: string; readonly fileName: string }
  | { readonly type: 'export.notice'; readonly tone: 'success' | 'danger'; readonly kind?: FailureKind };
