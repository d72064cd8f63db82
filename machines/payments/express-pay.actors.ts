import { fromPromise } from 'xstate';
import type { ExpressPaySettings } from '@/schemas/payments';
import { saveExpressPay } from '@/src/api/payments';
import type { ExpressPaySwitches } from './express-pay.types';

export const saveSwitches = fromPromise<ExpressPaySettings, ExpressPaySwitches>(({ input, signal }) =>
  saveExpressPay(input, signal),
);
