import { fromPromise } from 'xstate';
import { downloadPaymentsCsv } from '@/src/api/payments';

/** Fetches the CSV of the range with the partner's token; the view saves it (machines never touch the DOM). */
export const downloadCsv = fromPromise<
  { readonly text: string; readonly fileName: string },
  { readonly from: string; readonly to: string }
>(({ input, signal }) => downloadPaymentsCsv(input, signal));
