import { z } from 'zod';
import { translate, type MessageKey, type MessageParams } from '../messages';
import { sumCents } from '../money';
import { isSepaIban, isValidBic, normalizeBic, normalizeIban } from '../validation/bank';
import { XmlElement } from '../xml/xml-element';
import { isSepaIdentifier, toSepaTextMax } from './transliterate';

// The payout file of a credit-note run: a SEPA credit transfer initiation, pain.001.001.09 (German
// banks stopped taking .03 in November 2025), one payment per trainer with the credit note number as
// end-to-end id, and structured postal addresses (unstructured ones are refused from November 2026).
// Pure: the caller gives the message id and the creation time, so the same run rebuilds the same
// bytes. Amounts go from integer cents to a 2-decimal string without floats, and CtrlSum is the
// sum of the cents, so the file reconciles to the credit notes.

export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

export const ZSepaAddress = z.object({
  street: z.string().nullable(),
  houseNumber: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().min(1),
  /** ISO 3166-1 alpha-2. */
  country: z.string().regex(/^[A-Z]{2}$/),
});
export type TSepaAddress = z.infer<typeof ZSepaAddress>;

export const ZSepaParty = z.object({
  name: z.string().min(1),
  address: ZSepaAddress,
  iban: z.string().min(1),
  bic: z.string().nullable(),
});
export type TSepaParty = z.infer<typeof ZSepaParty>;

export const ZSepaPayment = z.object({
  /** The credit note number: the end-to-end id the trainer's bank statement shows. */
  creditNoteNumber: z.string().min(1),
  /** The end-to-end id when it is not the credit note number: a repayment's (`GS-2026-00042-R1`). */
  endToEndId: z.string().min(1).optional(),
  amountCents: z.number().int(),
  creditor: ZSepaParty,
  /** The settlement month as its last day (YYYY-MM-DD); the remittance text names it as MM/YYYY. */
  serviceMonth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Overrides the remittance text 'Gutschrift {number} {MM/YYYY}'. */
  remittanceInformation: z.string().min(1).optional(),
});
export type TSepaPayment = z.infer<typeof ZSepaPayment>;

export const ZPain001Input = z.object({
  /** Unique per file and debtor, at most 35 characters of the SEPA set (e.g. derived from the run uuid). */
  messageId: z.string().min(1),
  /** xs:dateTime, e.g. '2026-11-05T10:00:00Z'; the caller's clock, not the builder's. */
  createdAt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/),
  /** Defaults to messageId. */
  paymentInformationId: z.string().min(1).optional(),
  /** The day the bank should execute the transfers (YYYY-MM-DD). */
  executionDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Defaults to the debtor's name. */
  initiatingPartyName: z.string().min(1).optional(),
  /** The studio group paying. */
  debtor: ZSepaParty,
  payments: z.array(ZSepaPayment),
});
export type TPain001Input = z.infer<typeof ZPain001Input>;

/** A refused SEPA file: a catalogue key and its parameters (for the log the admin reads), and an English message. */
export class SepaFileError extends Error {
  constructor(
    readonly messageKey: MessageKey,
    readonly params: MessageParams,
    /** 0-based index of the refused payment; null for the file or the debtor. */
    readonly paymentIndex: number | null = null,
  ) {
    super(translate('en', messageKey, params));
    this.name = 'SepaFileError';
  }
}

/** Integer cents as the XML decimal: 123456 → '1234.56', 1 → '0.01'. */
export function centsToSepaAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`amount must be non-negative integer cents, got ${cents}`);
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** 'Gutschrift GS-2026-00042 10/2026': what the trainer's bank statement shows. */
export function defaultRemittanceInformation(creditNoteNumber: string, serviceMonth: string): string {
  return `Gutschrift ${creditNoteNumber} ${serviceMonth.slice(5, 7)}/${serviceMonth.slice(0, 4)}`;
}

type PreparedParty = { name: string; address: TSepaAddress; iban: string; bic: string };

function prepareParty(party: TSepaParty, who: { paymentIndex: number | null; label: string }): PreparedParty {
  const fail = (messageKey: MessageKey, params: MessageParams): never => {
    throw new SepaFileError(messageKey, { payment: who.label, ...params }, who.paymentIndex);
  };
  const name = toSepaTextMax(party.name, 70);
  if (!name) fail('sepa.invalidField', { field: 'name', reason: 'validation.invalid' });
  const iban = normalizeIban(party.iban);
  if (!isSepaIban(iban)) fail('sepa.invalidIban', { name: party.name });
  const bic = normalizeBic(party.bic);
  if (bic !== '' && !isValidBic(bic)) fail('sepa.invalidBic', { name: party.name });
  const city = toSepaTextMax(party.address.city, 35);
  if (!city) fail('sepa.invalidField', { field: 'city', reason: 'validation.required' });
  return {
    name,
    iban,
    bic,
    address: {
      street: toSepaTextMax(party.address.street ?? '', 70) || null,
      houseNumber: toSepaTextMax(party.address.houseNumber ?? '', 16) || null,
      postalCode: toSepaTextMax(party.address.postalCode ?? '', 16) || null,
      city,
      country: party.address.country,
    },
  };
}

function addPostalAddress(parent: XmlElement, address: TSepaAddress): void {
  // Structured only, in the XSD's order: StrtNm, BldgNb, PstCd, TwnNm, Ctry.
  const postal = parent.ele('PstlAdr');
  if (address.street) postal.ele('StrtNm').txt(address.street);
  if (address.houseNumber) postal.ele('BldgNb').txt(address.houseNumber);
  if (address.postalCode) postal.ele('PstCd').txt(address.postalCode);
  postal.ele('TwnNm').txt(address.city);
  postal.ele('Ctry').txt(address.country);
}

function addAgent(parent: XmlElement, elementName: string, bic: string): void {
  const institution = parent.ele(elementName).ele('FinInstnId');
  if (bic) institution.ele('BICFI').txt(bic);
  else institution.ele('Othr').ele('Id').txt('NOTPROVIDED');
}

/**
 * The pain.001.001.09 XML of one batch of payouts. Throws SepaFileError (naming the payment) for no
 * payments, an invalid IBAN or BIC, a non-positive amount, a duplicate credit note number, or a
 * name or town that has nothing left in the SEPA character set.
 */
export function buildPain001(input: TPain001Input): string {
  const parsed = ZPain001Input.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const index = issue.path[0] === 'payments' && typeof issue.path[1] === 'number' ? issue.path[1] : null;
    const label = index === null ? 'file' : (input.payments[index]?.creditNoteNumber ?? `#${index + 1}`);
    throw new SepaFileError('sepa.invalidField', { payment: label, field: issue.path.join('.'), reason: issue.message }, index);
  }
  if (input.payments.length === 0) throw new SepaFileError('sepa.noPayments', {});
  const paymentInformationId = input.paymentInformationId ?? input.messageId;
  for (const [field, value] of [
    ['messageId', input.messageId],
    ['paymentInformationId', paymentInformationId],
  ] as const) {
    if (!isSepaIdentifier(value)) throw new SepaFileError('sepa.invalidField', { payment: 'file', field, reason: 'validation.invalid' });
  }

  const debtor = prepareParty(input.debtor, { paymentIndex: null, label: translate('en', 'sepa.debtor') });
  const seen = new Set<string>();
  const payments = input.payments.map((payment, index) => {
    const endToEndId = payment.endToEndId ?? payment.creditNoteNumber;
    const label = endToEndId;
    if (!isSepaIdentifier(endToEndId)) {
      throw new SepaFileError('sepa.invalidField', { payment: label, field: 'creditNoteNumber', reason: 'validation.invalid' }, index);
    }
    if (seen.has(endToEndId)) throw new SepaFileError('sepa.duplicateEndToEndId', { payment: label }, index);
    seen.add(endToEndId);
    if (!Number.isSafeInteger(payment.amountCents) || payment.amountCents <= 0) {
      throw new SepaFileError('sepa.amountNotPositive', { payment: label }, index);
    }
    const remittance = toSepaTextMax(payment.remittanceInformation ?? defaultRemittanceInformation(payment.creditNoteNumber, payment.serviceMonth), 140);
    return { payment, endToEndId, creditor: prepareParty(payment.creditor, { paymentIndex: index, label }), remittance };
  });
  const controlSum = centsToSepaAmount(sumCents(input.payments.map((payment) => payment.amountCents)));
  const numberOfTransactions = String(payments.length);

  const root = new XmlElement('Document', { xmlns: PAIN_001_NAMESPACE });
  const initiation = root.ele('CstmrCdtTrfInitn');

  const groupHeader = initiation.ele('GrpHdr');
  groupHeader.ele('MsgId').txt(input.messageId);
  groupHeader.ele('CreDtTm').txt(input.createdAt);
  groupHeader.ele('NbOfTxs').txt(numberOfTransactions);
  groupHeader.ele('CtrlSum').txt(controlSum);
  groupHeader
    .ele('InitgPty')
    .ele('Nm')
    .txt(input.initiatingPartyName ? toSepaTextMax(input.initiatingPartyName, 70) || debtor.name : debtor.name);

  const paymentInformation = initiation.ele('PmtInf');
  paymentInformation.ele('PmtInfId').txt(paymentInformationId);
  paymentInformation.ele('PmtMtd').txt('TRF');
  paymentInformation.ele('BtchBookg').txt('true');
  paymentInformation.ele('NbOfTxs').txt(numberOfTransactions);
  paymentInformation.ele('CtrlSum').txt(controlSum);
  paymentInformation.ele('PmtTpInf').ele('SvcLvl').ele('Cd').txt('SEPA');
  paymentInformation.ele('ReqdExctnDt').ele('Dt').txt(input.executionDate);
  const debtorElement = paymentInformation.ele('Dbtr');
  debtorElement.ele('Nm').txt(debtor.name);
  addPostalAddress(debtorElement, debtor.address);
  paymentInformation.ele('DbtrAcct').ele('Id').ele('IBAN').txt(debtor.iban);
  addAgent(paymentInformation, 'DbtrAgt', debtor.bic);
  paymentInformation.ele('ChrgBr').txt('SLEV');

  paymentInformation.eleEach(payments, ({ payment, endToEndId, creditor, remittance }) => {
    const transaction = new XmlElement('CdtTrfTxInf');
    transaction.ele('PmtId').ele('EndToEndId').txt(endToEndId);
    transaction.ele('Amt').ele('InstdAmt', { Ccy: 'EUR' }).txt(centsToSepaAmount(payment.amountCents));
    if (creditor.bic) addAgent(transaction, 'CdtrAgt', creditor.bic);
    const creditorElement = transaction.ele('Cdtr');
    creditorElement.ele('Nm').txt(creditor.name);
    addPostalAddress(creditorElement, creditor.address);
    transaction.ele('CdtrAcct').ele('Id').ele('IBAN').txt(creditor.iban);
    if (remittance) transaction.ele('RmtInf').ele('Ustrd').txt(remittance);
    return transaction;
  });

  return root.toDocument();
}
