import { Schema } from 'effect';

/** Document kinds a partner uploads (spec §1, §9 insurance minimums). CMR is needed for international work only. */
export const DocumentType = Schema.Literals([
  'driving_licence',
  'identity',
  'third_party_insurance',
  'goods_in_transit_insurance',
  'vehicle_insurance',
  'cmr_insurance',
]);
export type DocumentType = typeof DocumentType.Type;
