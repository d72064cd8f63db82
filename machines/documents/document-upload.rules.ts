import {
  decimal2,
  mimes,
  minValue,
  regex,
  required,
  size,
  validateForm,
  type Check,
  type FormErrors,
} from '@/machines/forms/form-rules';
import {
  DOCUMENT_EXTENSIONS,
  INSURANCE_MINIMUM_POUNDS,
  isInsuranceType,
  MAX_UPLOAD_BYTES,
  needsExpiry,
} from '@/schemas/documents';
import type { UploadField, UploadValues } from './document-upload.types';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The portal's checks of an upload, before anything is sent (spec §5, §9): a type and a file (both 'Please upload a
 * document and choose type of the document.'), at most 10mb ('Too big file…'), one of spec §5's formats, an expiry
 * date for the insurance kinds and the driving licence, and for insurance the cover in pounds at its minimum. The
 * server checks all of these again, and the content of the file, which only it can sniff.
 */
export const uploadChecks = (values: UploadValues): Partial<Record<UploadField, readonly Check[]>> => {
  const type = values.document_type;
  return {
    document_type: [required],
    document_file: [required, size(MAX_UPLOAD_BYTES / 1024), mimes(DOCUMENT_EXTENSIONS)],
    document_expires_at: type !== '' && needsExpiry(type) ? [required, regex(ISO_DATE)] : [regex(ISO_DATE)],
    document_cover_amount:
      type !== '' && isInsuranceType(type) ? [required, decimal2, minValue(INSURANCE_MINIMUM_POUNDS[type])] : [],
  };
};

/** Every field's first failing check. */
export const checkUpload = (values: UploadValues): FormErrors<UploadField> =>
  validateForm(values, uploadChecks(values));

/** The checks to show: the touched fields', or every field's once a submit was tried. */
export const shownErrors = (
  values: UploadValues,
  touched: Partial<Record<UploadField, boolean>>,
  submitted: boolean,
): FormErrors<UploadField> => {
  const all = checkUpload(values);
  if (submitted) return all;
  return Object.fromEntries(Object.entries(all).filter(([field]) => touched[field as UploadField]));
};
