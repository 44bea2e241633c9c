import { VAT_EXEMPTION_NOTE } from '../pay';
import { monthInstants, monthTitle } from '../settlement/month';
import { creditNoteTotals, type TCreditNoteDocument, type TCreditNoteLine, type TCreditNoteParty } from '../credit-notes/document';
import { XmlElement } from '../xml/xml-element';

// A credit note (or the document cancelling one) as an EN 16931 invoice in the UN/CEFACT Cross
// Industry Invoice syntax (CII D16B), built from the stored document alone, so the PDF, the embedded
// XML and the XRechnung cannot disagree (DESIGN "E-invoices"). A Gutschrift is a self-billed
// invoice: the trainer supplies the service and is the SELLER, the studio group receives it, issues
// the document and is the BUYER.
//
// - Type code 389 (self-billed invoice). A cancellation is 384 (corrected invoice) with BG-3
//   naming the credit note it cancels: see README "Decisions" for why not 381 or 261.
// - Amounts: integer cents to a 2-decimal string without floats. EN 16931 forbids a negative item
//   price (BR-27), so a negative line (a deduction, every line of a cancellation) is a positive
//   price times quantity -1; the line total keeps the document's sign.
// - VAT: one breakdown per rate, the amounts the PDF prints (VAT per line, summed), which the
//   schematron accepts within its one-unit tolerance of basis × rate (BR-S-09). A trainer not
//   liable for VAT (§19 UStG) is category E at 0 % with the exemption reason text (BR-E-10).
// - Payment: SEPA credit transfer (58) to the trainer's IBAN; a cancellation pays nobody, it is
//   set off against the re-issued credit note: 97 (clearing between partners).
//
// Cheap by construction: no file reads, no schema work, no DOM at run time (1,000 notes a run, two
// XML documents each): the elements are written as strings (xml.ts).

export const CII_NAMESPACES = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
} as const;

/** BT-24 of the Factur-X / ZUGFeRD profile EN 16931 ("COMFORT"). */
export const FACTUR_X_EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';
/** BT-24 of XRechnung 3.0 (the German CIUS of EN 16931). */
export const XRECHNUNG_GUIDELINE = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
/** BT-23 as XRechnung 3.0 asks for it (the Peppol billing process). */
export const XRECHNUNG_BUSINESS_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

export const TYPE_CODE = { credit_note: '389', cancellation: '384' } as const;
const PAYMENT_MEANS = { sepaCreditTransfer: '58', clearingBetweenPartners: '97' } as const;

export type TEInvoiceSyntax = 'factur-x' | 'xrechnung';

/** Optional facts the XRechnung CIUS asks for beyond EN 16931 (BG-6 seller contact, BT-10, BT-34/BT-49). */
export type TEInvoiceContacts = { sellerEmail?: string | null; sellerPhone?: string | null; buyerEmail?: string | null };

/** Cents as the 2-decimal amount CII writes: -1050 → '-10.50'. */
export function ciiAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A VAT rate in basis points as CII's percent: 1900 → '19.00', 750 → '7.50'. */
const ciiPercent = (basisPoints: number) => ciiAmount(basisPoints);
/** YYYY-MM-DD → format 102 (YYYYMMDD). */
const date102 = (isoDate: string) => isoDate.slice(0, 10).replace(/-/g, '');

/**
 * A settlement month as the documents write it: first and last day, and its title ('Oktober 2026').
 * The same few months for a whole run, so computed once each (luxon's time-zone arithmetic cost more
 * than a table row).
 */
const periods = new Map<string, { firstDay: string; lastDay: string; title: Record<'de' | 'en', string> }>();
export function servicePeriod(serviceMonth: string) {
  let period = periods.get(serviceMonth);
  if (!period) {
    if (periods.size > 100) periods.clear();
    const { firstDay, lastDay } = monthInstants(serviceMonth);
    period = { firstDay, lastDay, title: { de: monthTitle(serviceMonth, 'de'), en: monthTitle(serviceMonth, 'en') } };
    periods.set(serviceMonth, period);
  }
  return period;
}

type VatCategory = 'S' | 'Z' | 'E';
const categoryOf = (doc: TCreditNoteDocument, line: Pick<TCreditNoteLine, 'vatRateBasisPoints'>): VatCategory =>
  !doc.recipient.vatLiable ? 'E' : line.vatRateBasisPoints > 0 ? 'S' : 'Z';

/** BT-120 for §19 UStG: the German small-business exemption, in the document's words. */
export const SMALL_BUSINESS_EXEMPTION_REASON = VAT_EXEMPTION_NOTE.de;

const lineName = (line: TCreditNoteLine, locale: 'de' | 'en') =>
  line.kind === 'admin' ? `${locale === 'de' ? 'Verwaltung' : 'Administration'}: ${line.className}` : line.className;

function lineDescription(line: TCreditNoteLine): string | null {
  if (line.kind !== 'class') return null;
  const parts = [line.studioName, line.date, line.durationMinutes === null ? null : `${line.durationMinutes} min`, line.bookedSlots === null ? null : `${line.bookedSlots} booked`];
  return parts.filter((part): part is string => part !== null && part !== '').join(', ') || null;
}

function party(node: XmlElement, element: string, p: TCreditNoteParty, extra: { id?: string | null; contact?: { name: string; phone?: string | null; email?: string | null }; email?: string | null }) {
  const tradeParty = node.ele(`ram:${element}`);
  if (extra.id) tradeParty.ele('ram:ID').txt(extra.id);
  tradeParty.ele('ram:Name').txt(p.name);
  if (extra.contact) {
    const contact = tradeParty.ele('ram:DefinedTradeContact');
    contact.ele('ram:PersonName').txt(extra.contact.name);
    if (extra.contact.phone) contact.ele('ram:TelephoneUniversalCommunication').ele('ram:CompleteNumber').txt(extra.contact.phone);
    if (extra.contact.email) contact.ele('ram:EmailURIUniversalCommunication').ele('ram:URIID').txt(extra.contact.email);
  }
  const address = tradeParty.ele('ram:PostalTradeAddress');
  if (p.postalCode) address.ele('ram:PostcodeCode').txt(p.postalCode);
  const street = `${p.street} ${p.houseNumber}`.trim();
  if (street) address.ele('ram:LineOne').txt(street);
  if (p.city) address.ele('ram:CityName').txt(p.city);
  address.ele('ram:CountryID').txt(p.country);
  if (extra.email) tradeParty.ele('ram:URIUniversalCommunication').ele('ram:URIID', { schemeID: 'EM' }).txt(extra.email);
  // BT-31 (VAT ID, scheme VA) and/or BT-32 (tax number, scheme FC).
  if (p.vatId) tradeParty.ele('ram:SpecifiedTaxRegistration').ele('ram:ID', { schemeID: 'VA' }).txt(p.vatId);
  if (p.taxNumber) tradeParty.ele('ram:SpecifiedTaxRegistration').ele('ram:ID', { schemeID: 'FC' }).txt(p.taxNumber);
}

/**
 * The CII XML of a stored credit-note document. `factur-x` is the XML embedded in the hybrid PDF
 * (profile EN 16931); `xrechnung` adds what the German CIUS asks for (BT-23, BT-10, seller contact,
 * electronic addresses). Throws nothing for a document that passed assertValidCreditNote.
 */
export function buildCreditNoteCii(doc: TCreditNoteDocument, { syntax = 'factur-x', contacts = {} }: { syntax?: TEInvoiceSyntax; contacts?: TEInvoiceContacts } = {}): string {
  const xrechnung = syntax === 'xrechnung';
  const totals = creditNoteTotals(doc);
  const cancellation = doc.documentType === 'cancellation';
  const sellerEmail = contacts.sellerEmail ?? doc.recipient.email ?? null;
  const sellerPhone = contacts.sellerPhone ?? doc.recipient.phone ?? null;
  const buyerEmail = contacts.buyerEmail ?? doc.issuer.email ?? null;

  const root = new XmlElement('rsm:CrossIndustryInvoice', {
    'xmlns:rsm': CII_NAMESPACES.rsm,
    'xmlns:ram': CII_NAMESPACES.ram,
    'xmlns:qdt': CII_NAMESPACES.qdt,
    'xmlns:udt': CII_NAMESPACES.udt,
  });

  const context = root.ele('rsm:ExchangedDocumentContext');
  if (xrechnung) context.ele('ram:BusinessProcessSpecifiedDocumentContextParameter').ele('ram:ID').txt(XRECHNUNG_BUSINESS_PROCESS);
  context.ele('ram:GuidelineSpecifiedDocumentContextParameter').ele('ram:ID').txt(xrechnung ? XRECHNUNG_GUIDELINE : FACTUR_X_EN16931_GUIDELINE);

  const header = root.ele('rsm:ExchangedDocument');
  header.ele('ram:ID').txt(doc.number);
  header.ele('ram:TypeCode').txt(TYPE_CODE[doc.documentType]);
  header.ele('ram:IssueDateTime').ele('udt:DateTimeString', { format: '102' }).txt(date102(doc.issueDate));
  // BT-21/22: the self-billing statement (§14 (2) UStG) and, under §19, the exemption note.
  const notes = [cancellation ? `Storno der Gutschrift ${doc.cancelsNumber ?? ''}`.trim() : 'Gutschrift im Gutschriftsverfahren (§ 14 Abs. 2 Satz 2 UStG)'];
  if (!doc.recipient.vatLiable) notes.push(SMALL_BUSINESS_EXEMPTION_REASON);
  for (const note of notes) header.ele('ram:IncludedNote').ele('ram:Content').txt(note);

  const transaction = root.ele('rsm:SupplyChainTradeTransaction');
  doc.lines.forEach((line, index) => {
    const item = transaction.ele('ram:IncludedSupplyChainTradeLineItem');
    item.ele('ram:AssociatedDocumentLineDocument').ele('ram:LineID').txt(String(index + 1));
    const product = item.ele('ram:SpecifiedTradeProduct');
    product.ele('ram:Name').txt(lineName(line, doc.locale) || '-');
    const description = lineDescription(line);
    if (description) product.ele('ram:Description').txt(description);
    item.ele('ram:SpecifiedLineTradeAgreement').ele('ram:NetPriceProductTradePrice').ele('ram:ChargeAmount').txt(ciiAmount(Math.abs(line.netCents)));
    item.ele('ram:SpecifiedLineTradeDelivery').ele('ram:BilledQuantity', { unitCode: 'C62' }).txt(line.netCents < 0 ? '-1' : '1');
    const settlement = item.ele('ram:SpecifiedLineTradeSettlement');
    const tax = settlement.ele('ram:ApplicableTradeTax');
    tax.ele('ram:TypeCode').txt('VAT');
    tax.ele('ram:CategoryCode').txt(categoryOf(doc, line));
    tax.ele('ram:RateApplicablePercent').txt(ciiPercent(line.vatRateBasisPoints));
    settlement.ele('ram:SpecifiedTradeSettlementLineMonetarySummation').ele('ram:LineTotalAmount').txt(ciiAmount(line.netCents));
  });

  const agreement = transaction.ele('ram:ApplicableHeaderTradeAgreement');
  // BT-10: the buyer's reference for routing; in self-billing the buyer's own document number.
  agreement.ele('ram:BuyerReference').txt(doc.number);
  party(agreement, 'SellerTradeParty', doc.recipient, {
    // BR-CO-26: a seller without a VAT ID is identified by its tax number as seller identifier (BT-29).
    id: doc.recipient.vatId ? null : doc.recipient.taxNumber,
    contact: xrechnung ? { name: doc.recipient.name, phone: sellerPhone, email: sellerEmail } : undefined,
    email: sellerEmail,
  });
  party(agreement, 'BuyerTradeParty', doc.issuer, { email: buyerEmail });

  transaction.ele('ram:ApplicableHeaderTradeDelivery');

  const settlement = transaction.ele('ram:ApplicableHeaderTradeSettlement');
  if (!cancellation) settlement.ele('ram:PaymentReference').txt(doc.number);
  settlement.ele('ram:InvoiceCurrencyCode').txt('EUR');
  const means = settlement.ele('ram:SpecifiedTradeSettlementPaymentMeans');
  if (cancellation) {
    means.ele('ram:TypeCode').txt(PAYMENT_MEANS.clearingBetweenPartners);
    means.ele('ram:Information').txt(`Verrechnung mit der neuen Gutschrift zu ${doc.cancelsNumber ?? ''}`.trim());
  } else {
    means.ele('ram:TypeCode').txt(PAYMENT_MEANS.sepaCreditTransfer);
    const account = means.ele('ram:PayeePartyCreditorFinancialAccount');
    account.ele('ram:IBANID').txt(doc.payment.iban);
    account.ele('ram:AccountName').txt(doc.recipient.name);
    if (doc.payment.bic) means.ele('ram:PayeeSpecifiedCreditorFinancialInstitution').ele('ram:BICID').txt(doc.payment.bic);
  }
  for (const rate of totals.byRate) {
    const category = categoryOf(doc, rate);
    const tax = settlement.ele('ram:ApplicableTradeTax');
    tax.ele('ram:CalculatedAmount').txt(ciiAmount(category === 'S' ? rate.vatCents : 0));
    tax.ele('ram:TypeCode').txt('VAT');
    if (category === 'E') tax.ele('ram:ExemptionReason').txt(SMALL_BUSINESS_EXEMPTION_REASON);
    tax.ele('ram:BasisAmount').txt(ciiAmount(rate.netCents));
    tax.ele('ram:CategoryCode').txt(category);
    tax.ele('ram:RateApplicablePercent').txt(ciiPercent(rate.vatRateBasisPoints));
  }
  // BG-14: the service period, the settlement month.
  const period = servicePeriod(doc.serviceMonth);
  const billing = settlement.ele('ram:BillingSpecifiedPeriod');
  billing.ele('ram:StartDateTime').ele('udt:DateTimeString', { format: '102' }).txt(date102(period.firstDay));
  billing.ele('ram:EndDateTime').ele('udt:DateTimeString', { format: '102' }).txt(date102(period.lastDay));
  // BT-9 (BR-CO-25: a positive amount due needs a due date or terms): the transfer date.
  const terms = settlement.ele('ram:SpecifiedTradePaymentTerms');
  if (cancellation) terms.ele('ram:Description').txt('Keine Zahlung: Verrechnung mit der neuen Gutschrift.');
  else terms.ele('ram:DueDateDateTime').ele('udt:DateTimeString', { format: '102' }).txt(date102(doc.payment.transferDate));

  const sums = settlement.ele('ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  const vatTotal = doc.recipient.vatLiable ? totals.vatCents : 0;
  sums.ele('ram:LineTotalAmount').txt(ciiAmount(totals.netCents));
  sums.ele('ram:TaxBasisTotalAmount').txt(ciiAmount(totals.netCents));
  sums.ele('ram:TaxTotalAmount', { currencyID: 'EUR' }).txt(ciiAmount(vatTotal));
  sums.ele('ram:GrandTotalAmount').txt(ciiAmount(totals.netCents + vatTotal));
  sums.ele('ram:DuePayableAmount').txt(ciiAmount(totals.netCents + vatTotal));

  // BG-3: the credit note this document cancels (its number and issue date when known).
  if (cancellation && doc.cancelsNumber) {
    const preceding = settlement.ele('ram:InvoiceReferencedDocument');
    preceding.ele('ram:IssuerAssignedID').txt(doc.cancelsNumber);
    if (doc.cancelsIssueDate) preceding.ele('ram:FormattedIssueDateTime').ele('qdt:DateTimeString', { format: '102' }).txt(date102(doc.cancelsIssueDate));
  }
  return root.toDocument();
}
