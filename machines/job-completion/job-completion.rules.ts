import type { CompletionContext, CompletionErrors, CompletionMode } from './job-completion.types';

/** The longest issue or reason the server takes (schemas/work.ts). */
export const MAX_COMPLETION_TEXT = 1000;
/** The largest additional cost a partner may ask for at completion, in pence (£500; schemas/work.ts). */
export const MAX_EXTRA_CHARGE_PENCE = 50_000;

/**
 * Pounds as typed ("25", "25.5", "£1,250.00", "25,50" in Spanish) to pence; null when it is not an amount of money
 * (letters, more than two decimals, several separators). A comma is the decimal mark when it is followed by exactly
 * one or two digits at the end and there is no point; otherwise commas group thousands.
 */
export function parsePounds(typed: string): number | null {
  let text = typed.trim().replace(/^£\s*/, '').replace(/\s/g, '');
  if (text === '') return null;
  if (!text.includes('.') && /,\d{1,2}$/.test(text)) text = text.replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(text)) text = text.replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const textNeeded = (mode: CompletionMode) => mode !== 'complete';

/** What is wrong with the form for its mode: a plain completion needs nothing; an issue its text; a cost both. */
export function completionErrors(context: Pick<CompletionContext, 'mode' | 'text' | 'amount'>): CompletionErrors {
  const errors: { -readonly [K in keyof CompletionErrors]: CompletionErrors[K] } = {};
  if (textNeeded(context.mode)) {
    const text = context.text.trim();
    if (text === '') errors.text = 'required';
    else if (text.length > MAX_COMPLETION_TEXT) errors.text = 'tooLong';
  }
  if (context.mode === 'extraCost') {
    const pence = parsePounds(context.amount);
    if (context.amount.trim() === '') errors.amount = 'required';
    else if (pence === null) errors.amount = 'notAmount';
    else if (pence <= 0) errors.amount = 'notPositive';
    else if (pence > MAX_EXTRA_CHARGE_PENCE) errors.amount = 'tooLarge';
  }
  return errors;
}

export const isCompletionValid = (context: Pick<CompletionContext, 'mode' | 'text' | 'amount'>) =>
  Object.keys(completionErrors(context)).length === 0;
