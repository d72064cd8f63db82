import { EXPIRY_WARNING_DAYS, REQUIRED_DOCUMENT_TYPES, type PartnerDocument } from '@/schemas/documents';
import type { DocumentType } from '@/schemas/onboarding';

/** Where a kind of document stands for the partner (the documents page's checklist). */
export type RequirementState = 'missing' | 'pending_review' | 'approved' | 'expiring' | 'expired' | 'rejected';

export interface RequirementRow {
  readonly type: DocumentType;
  readonly required: boolean;
  readonly state: RequirementState;
  /** The document the state is about (null when missing). */
  readonly document: PartnerDocument | null;
}

const addDays = (isoDate: string, days: number): string => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * The state of each kind of document as of `today` (yyyy-MM-dd, London), from the partner's documents (newest first,
 * as GET /v1/documents sends them): a valid approved one wins (expiring when it lapses within 30 days, as the
 * dashboard's renewal banner says), else the newest upload's state (pending review, rejected with its reason), else an
 * approved one that has lapsed (expired), else missing. The five required kinds always show; CMR (international work
 * only) shows once uploaded.
 */
export const requirementRows = (documents: readonly PartnerDocument[], today: string): RequirementRow[] => {
  const warnUntil = addDays(today, EXPIRY_WARNING_DAYS);
  const kinds: DocumentType[] = [...REQUIRED_DOCUMENT_TYPES];
  if (documents.some((d) => d.type === 'cmr_insurance')) kinds.push('cmr_insurance');
  return kinds.map((type) => {
    const required = REQUIRED_DOCUMENT_TYPES.includes(type);
    const ofType = documents.filter((d) => d.type === type);
    const valid = ofType.find((d) => d.status === 'approved' && (d.expires_at === null || d.expires_at >= today));
    if (valid) {
      const expiring = valid.expires_at !== null && valid.expires_at <= warnUntil;
      return { type, required, state: expiring ? 'expiring' : 'approved', document: valid };
    }
    const newest = ofType[0];
    if (newest && newest.status !== 'approved') return { type, required, state: newest.status, document: newest };
    if (newest) return { type, required, state: 'expired', document: newest };
    return { type, required, state: 'missing', document: null };
  });
};
