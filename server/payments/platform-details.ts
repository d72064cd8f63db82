import type { InvoiceParty } from '@/schemas/payments';

/**
 * The platform as the invoices name it: the customer of each self-billed invoice (the platform buys the partner's
 * transport work). Demo details of this reference server — a deployment sets its own company, address and VAT
 * number here. The VAT number uses HMRC's published example format with the digits of a made-up registration.
 */
export const PLATFORM_DETAILS: InvoiceParty = {
  name: 'Partner Marketplace Ltd',
  address: ['1 Example Street', 'London', 'EC1A 1BB', 'United Kingdom'],
  vat_number: 'GB 123 4567 89',
};
