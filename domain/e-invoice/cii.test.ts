import { describe, expect, it } from 'vitest';
import { schematronFailures, writeXmlFiles, xsdErrors } from '../../test/support/e-invoice-validation';
import { cancellationOf, creditNoteTotals } from '../credit-notes/document';
import { adminLine, classLine, creditNoteDocument, exemptCreditNoteDocument } from '../credit-notes/fixtures.test-support';
import { buildCreditNoteCii, ciiAmount, XRECHNUNG_GUIDELINE } from './cii';
import { eInvoiceProblems } from './problems';

// Validity is tested, not assumed: every kind of document the run issues is written as CII and
// checked against the CII D16B XSD (xmllint) and the EN 16931 schematron (Saxon, no fatal assert),
// in both syntaxes we hand out (the XML inside the hybrid PDF and the XRechnung).

const contacts = { sellerEmail: 'anna@example.org', sellerPhone: '+49 89 123456', buyerEmail: 'buchhaltung@demo-fitness.example' };
const withVat = creditNoteDocument({ lines: [classLine({ netCents: 4_500 }), classLine({ className: 'Pilates', netCents: 1_050, vatRateBasisPoints: 700 })] });
const withoutVat = exemptCreditNoteDocument({ lines: exemptCreditNoteDocument().lines.filter((line) => line.kind === 'class') });
const withAdmin = creditNoteDocument({ lines: [...creditNoteDocument().lines, adminLine('Bonus Oktober', 2_500)] });
const cancellation = cancellationOf(creditNoteDocument(), { number: 'GS-2026-00043', issueDate: '2026-11-20' });
const exemptCancellation = cancellationOf(exemptCreditNoteDocument(), { number: 'GS-2026-00044', issueDate: '2026-11-20' });

const documents = { withVat, withoutVat, withAdmin, cancellation, exemptCancellation };

describe('buildCreditNoteCii: valid EN 16931 invoices', () => {
  const xml: Record<string, string> = {};
  for (const [name, doc] of Object.entries(documents)) {
    xml[`${name}.factur-x`] = buildCreditNoteCii(doc, { syntax: 'factur-x' });
    xml[`${name}.xrechnung`] = buildCreditNoteCii(doc, { syntax: 'xrechnung', contacts });
  }
  const files = writeXmlFiles(xml);

  it.each(Object.keys(xml))('%s is valid against the CII D16B XSD', (name) => {
    expect(xsdErrors(files[name]!)).toBe('');
  });

  it('passes the EN 16931 schematron with no fatal assert (each document, each syntax)', () => {
    const failures = schematronFailures(Object.values(files));
    const fatal = Object.entries(failures).flatMap(([file, asserts]) => asserts.filter((assert) => assert.flag === 'fatal').map((assert) => `${file}: ${assert.id} ${assert.text}`));
    expect(fatal).toEqual([]);
    expect(Object.keys(failures)).toHaveLength(Object.keys(files).length);
  }, 60_000);

  it('a broken document fails the validation (the checks are real)', () => {
    const broken = xml['withVat.factur-x']!.replace('<ram:TaxTotalAmount currencyID="EUR">', '<ram:TaxTotalAmount currencyID="EUR">1');
    const noType = xml['withVat.factur-x']!.replace('<ram:TypeCode>389</ram:TypeCode>', '<ram:DocumentType>389</ram:DocumentType>');
    const [brokenFile, noTypeFile] = Object.values(writeXmlFiles({ broken, noType }));
    expect(xsdErrors(noTypeFile!)).toMatch(/DocumentType/);
    const fatal = schematronFailures([brokenFile!])[brokenFile!]!.filter((assert) => assert.flag === 'fatal').map((assert) => assert.id);
    expect(fatal).toContain('BR-CO-14');
  }, 60_000);
});

describe('buildCreditNoteCii: the content', () => {
  it('is a self-billed invoice (389): the trainer sells, the studio group buys, one line per class and admin position', () => {
    const xml = buildCreditNoteCii(withAdmin);
    expect(xml).toContain('<ram:TypeCode>389</ram:TypeCode>');
    expect(xml).toMatch(/<ram:SellerTradeParty>\s*<ram:ID>143\/123\/12345<\/ram:ID>\s*<ram:Name>Anna Müller<\/ram:Name>/);
    expect(xml).toMatch(/<ram:BuyerTradeParty>\s*<ram:Name>Demo Fitness GmbH<\/ram:Name>/);
    expect(xml.match(/<ram:IncludedSupplyChainTradeLineItem>/g)).toHaveLength(withAdmin.lines.length);
    expect(xml).toContain('<ram:Name>Verwaltung: Fahrtkosten</ram:Name>');
    // A deduction: positive price, quantity -1, negative line total (BR-27).
    expect(xml).toMatch(/<ram:ChargeAmount>10.50<\/ram:ChargeAmount>[\s\S]*?<ram:BilledQuantity unitCode="C62">-1<\/ram:BilledQuantity>[\s\S]*?<ram:LineTotalAmount>-10.50<\/ram:LineTotalAmount>/);
    expect(xml).toMatch(/<ram:TypeCode>58<\/ram:TypeCode>\s*<ram:PayeePartyCreditorFinancialAccount>\s*<ram:IBANID>DE89370400440532013000<\/ram:IBANID>/);
    expect(xml).toMatch(/<ram:BillingSpecifiedPeriod>\s*<ram:StartDateTime>\s*<udt:DateTimeString format="102">20261001<\/udt:DateTimeString>\s*<\/ram:StartDateTime>\s*<ram:EndDateTime>\s*<udt:DateTimeString format="102">20261031</);
    expect(xml).toContain('<ram:ID>GS-2026-00042</ram:ID>');
  });

  it('breaks VAT down per rate (S 19 % and 7 %) with the amounts the PDF prints', () => {
    const xml = buildCreditNoteCii(withVat);
    expect(xml).toMatch(/<ram:CalculatedAmount>0.74<\/ram:CalculatedAmount>\s*<ram:TypeCode>VAT<\/ram:TypeCode>\s*<ram:BasisAmount>10.50<\/ram:BasisAmount>\s*<ram:CategoryCode>S<\/ram:CategoryCode>\s*<ram:RateApplicablePercent>7.00</);
    expect(xml).toMatch(/<ram:CalculatedAmount>8.55<\/ram:CalculatedAmount>\s*<ram:TypeCode>VAT<\/ram:TypeCode>\s*<ram:BasisAmount>45.00<\/ram:BasisAmount>\s*<ram:CategoryCode>S<\/ram:CategoryCode>\s*<ram:RateApplicablePercent>19.00</);
    expect(xml).toContain('<ram:GrandTotalAmount>64.79</ram:GrandTotalAmount>');
  });

  it('a §19 trainer: category E at 0 % with the exemption reason, no VAT', () => {
    const xml = buildCreditNoteCii(withoutVat);
    expect(xml).toMatch(/<ram:TypeCode>VAT<\/ram:TypeCode>\s*<ram:ExemptionReason>Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.<\/ram:ExemptionReason>\s*<ram:BasisAmount>89.25<\/ram:BasisAmount>\s*<ram:CategoryCode>E<\/ram:CategoryCode>/);
    expect(xml).toContain('<ram:TaxTotalAmount currencyID="EUR">0.00</ram:TaxTotalAmount>');
    expect(xml).toContain('<ram:ID schemeID="FC">21/815/08150</ram:ID>');
  });

  it('a cancellation is a corrected invoice (384) referring to the credit note it cancels (BG-3)', () => {
    const xml = buildCreditNoteCii(cancellation);
    expect(xml).toContain('<ram:TypeCode>384</ram:TypeCode>');
    expect(xml).toMatch(/<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>GS-2026-00042<\/ram:IssuerAssignedID>\s*<ram:FormattedIssueDateTime>\s*<qdt:DateTimeString format="102">20261105</);
    expect(xml).toContain('<ram:TypeCode>97</ram:TypeCode>');
    const gross = creditNoteTotals(cancellation).grossCents;
    expect(gross).toBeLessThan(0);
    expect(xml).toContain(`<ram:DuePayableAmount>${ciiAmount(gross)}</ram:DuePayableAmount>`);
  });

  it('XRechnung: the German CIUS fields (BT-23, BT-24, BT-10, seller contact, electronic addresses)', () => {
    const xml = buildCreditNoteCii(withVat, { syntax: 'xrechnung', contacts });
    expect(xml).toContain(`<ram:ID>${XRECHNUNG_GUIDELINE}</ram:ID>`);
    expect(xml).toContain('<ram:BuyerReference>GS-2026-00042</ram:BuyerReference>');
    expect(xml).toMatch(/<ram:DefinedTradeContact>\s*<ram:PersonName>Anna Müller<\/ram:PersonName>\s*<ram:TelephoneUniversalCommunication>\s*<ram:CompleteNumber>\+49 89 123456</);
    expect(xml).toContain('<ram:URIID schemeID="EM">anna@example.org</ram:URIID>');
    expect(xml).toContain('<ram:URIID schemeID="EM">buchhaltung@demo-fitness.example</ram:URIID>');
  });

  it('writes cents without floats', () => {
    expect(ciiAmount(0)).toBe('0.00');
    expect(ciiAmount(-5)).toBe('-0.05');
    expect(ciiAmount(123_456_789)).toBe('1234567.89');
  });
});

describe('eInvoiceProblems', () => {
  it('accepts the fixtures', () => {
    for (const doc of Object.values(documents)) expect(eInvoiceProblems(doc)).toEqual([]);
  });
  it('names a missing address, a VAT ID of the wrong form and a trainer with neither tax number nor VAT ID', () => {
    const base = creditNoteDocument();
    expect(eInvoiceProblems({ ...base, recipient: { ...base.recipient, street: '', city: '' } })).toEqual(['eInvoice.problem.sellerAddress']);
    expect(eInvoiceProblems({ ...base, recipient: { ...base.recipient, vatId: '123456789' } })).toEqual(['eInvoice.problem.sellerVatId']);
    expect(eInvoiceProblems({ ...base, recipient: { ...base.recipient, vatId: null, taxNumber: null } })).toEqual(['eInvoice.problem.sellerTaxId']);
    expect(eInvoiceProblems({ ...base, issuer: { ...base.issuer, postalCode: '' } })).toEqual(['eInvoice.problem.buyerAddress']);
  });
});
