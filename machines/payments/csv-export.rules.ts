import { regex, required, validateForm, type Check, type FieldError } from '@/machines/forms/form-rules';
import { MAX_EXPORT_DAYS, rangeDays } from '@/schemas/payments';
import type { ExportField, ExportPreset } from './csv-export.types';

/**
 * The export form's rules, on the shared form scheme (spec §5; machines/forms/form-rules.ts): both dates required
 * and real yyyy-MM-dd dates; `to` not before `from` (`min_value` with {min}) and at most MAX_EXPORT_DAYS days after
 * it (`max_value` with {max}); the same rules the server holds (schemas/payments.ts PaymentExportQuery), so a range
 * the portal sends is one the server takes. The words: `validation.export_to.min_value` and `…max_value`.
 */

const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const isRealDate = (s: string) => {
  const at = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === s;
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const realDate: Check = (value) =>
  typeof value === 'string' && value !== '' && !(DATE.test(value) && isRealDate(value)) ? { rule: 'regex' } : null;

/** `to` against `from`: not before it, and at most MAX_EXPORT_DAYS days in all. */
const withinRange =
  (from: string): Check =>
  (value): FieldError | null => {
    if (typeof value !== 'string' || !DATE.test(from) || !isRealDate(from) || !isRealDate(value)) return null;
    if (value < from) return { rule: 'min_value', params: { min: from } };
    if (rangeDays(from, value) > MAX_EXPORT_DAYS)
      return { rule: 'max_value', params: { max: addDays(from, MAX_EXPORT_DAYS - 1) } };
    return null;
  };

export const exportErrors = (values: Readonly<Record<ExportField, string>>) =>
  validateForm(values, {
    export_from: [required, regex(DATE), realDate],
    export_to: [required, regex(DATE), realDate, withinRange(values.export_from)],
  });

/** The range of a preset, counted from `today` (London). The UK tax year starts on 6 April. */
export const presetRange = (
  preset: Exclude<ExportPreset, 'custom'>,
  today: string,
): Readonly<Record<ExportField, string>> => {
  const year = Number(today.slice(0, 4));
  const month = today.slice(0, 7);
  switch (preset) {
    case 'this_month':
      return { export_from: `${month}-01`, export_to: today };
    case 'last_month': {
      const lastDay = addDays(`${month}-01`, -1);
      return { export_from: `${lastDay.slice(0, 7)}-01`, export_to: lastDay };
    }
    case 'tax_year': {
      const start = today >= `${year}-04-06` ? `${year}-04-06` : `${year - 1}-04-06`;
      return { export_from: start, export_to: today };
    }
  }
};
