import { fromPromise } from 'xstate';
import type { TermsStatus } from '@/schemas/documents';
import { acceptTerms, fetchTerms } from '@/src/api/documents';

/** GET /v1/terms. */
export const loadTerms = fromPromise<TermsStatus>(() => fetchTerms());
/** POST /v1/terms/accept with the version the partner read. */
export const sendAcceptance = fromPromise<TermsStatus, { version: string }>(({ input }) => acceptTerms(input.version));
