import type { TCreditNoteDocument, TCreditNoteParty } from '../credit-notes/document';
import { isValidVatId } from '../validation/vat-id';

// What keeps a credit note from being a valid EN 16931 invoice, checked before a number is taken
// (an issued credit note never changes, so a document the e-invoice would reject must not be
// issued). The rules are the standard's that our data can break:
// - BR-08/BR-09, XRechnung BR-DE-3/4: the seller's postal address with city, post code and
//   country; BR-10/BR-11 the buyer's likewise;
// - BR-CO-09: a VAT identifier starts with the country prefix (and is a real VAT ID, checked by
//   its check digits);
// - BR-S-02 / BR-E-02: the seller (the trainer) names a VAT ID or a tax number, with VAT and under
//   §19 UStG alike.

export type EInvoiceProblem = 'eInvoice.problem.sellerAddress' | 'eInvoice.problem.buyerAddress' | 'eInvoice.problem.sellerVatId' | 'eInvoice.problem.sellerTaxId';

const filled = (value: string | null | undefined) => (value ?? '').trim() !== '';
const hasAddress = (party: TCreditNoteParty) =>
  filled(`${party.street} ${party.houseNumber}`) && filled(party.postalCode) && filled(party.city) && /^[A-Z]{2}$/.test(party.country);

/** VAT ID in the form the standard writes: the prefix and up to 12 characters, nothing else. */
export const isEInvoiceVatId = (vatId: string) => /^[A-Z]{2}[0-9A-Z+*.]{2,12}$/.test(vatId) && isValidVatId(vatId);

/** Message keys of the problems, empty when the document makes a valid e-invoice. */
export function eInvoiceProblems(doc: Pick<TCreditNoteDocument, 'recipient' | 'issuer'>): EInvoiceProblem[] {
  const problems: EInvoiceProblem[] = [];
  if (!hasAddress(doc.recipient)) problems.push('eInvoice.problem.sellerAddress');
  if (!hasAddress(doc.issuer)) problems.push('eInvoice.problem.buyerAddress');
  const vatId = doc.recipient.vatId?.trim() ?? '';
  if (vatId && !isEInvoiceVatId(vatId)) problems.push('eInvoice.problem.sellerVatId');
  else if (!vatId && !filled(doc.recipient.taxNumber)) problems.push('eInvoice.problem.sellerTaxId');
  return problems;
}
