import { centsToSepaAmount } from '../sepa/pain001';
import { XmlElement } from '../xml/xml-element';

// Bank files as a bank writes them, for the payout tests, the demo data and the bench: a statement
// (camt.053), a notification (camt.054) and a payment status report (pain.002), each in the two
// versions the reader takes. Every file built here is valid against its XSD in standards/iso20022
// (the unit tests check that with xmllint). The builders write what TrainerPay reads and what the
// schemas require, not every optional field a bank may add.

export type BuiltTransaction = {
  /** The credit note number; 'NOTPROVIDED' as banks write when they have none. */
  endToEndId?: string | null;
  /** Stated per transaction (TxDtls/Amt in v08, AmtDtls/TxAmt in v02); left out when undefined. */
  amountCents?: number;
  creditDebit?: 'CRDT' | 'DBIT';
  bankReference?: string;
  messageId?: string;
  paymentInformationId?: string;
  creditorIban?: string;
  creditorName?: string;
  /** A returned transfer: the ISO reason code and the bank's words. */
  returnReason?: { code: string; additionalInformation?: string };
  chargesCents?: number;
};

export type BuiltEntry = {
  amountCents: number;
  creditDebit: 'CRDT' | 'DBIT';
  reversal?: boolean;
  status?: 'BOOK' | 'PDNG' | 'INFO';
  bookingDate: string;
  valueDate?: string;
  bankReference?: string;
  entryReference?: string;
  /** Domn/Fmly/SubFmly, e.g. 'PMNT/ICDT/ESCT' (a SEPA transfer out, the default) or 'PMNT/ICDT/RRTN' (a return). */
  bankTransactionCode?: string;
  /** The German proprietary code beside it, e.g. 'NMSC+159+…' for a return. */
  proprietaryCode?: string;
  /** Btch: the payout file the entry books as one sum. */
  batch?: { messageId?: string; paymentInformationId?: string; numberOfTransactions?: number };
  /** TxDtls; none (or empty) for a batch booking the bank does not split. */
  transactions?: BuiltTransaction[];
  chargesCents?: number;
  currency?: string;
};

type CamtInput = {
  version: '02' | '08';
  account: { iban: string; currency?: string; ownerName?: string };
  messageId: string;
  /** xs:dateTime; defaults to the booking day of the last entry at 20:00 UTC. */
  createdAt?: string;
  statementId?: string;
  /** ElctrncSeqNb. */
  sequence: number;
  legalSequence?: number;
  fromDate?: string;
  toDate?: string;
  entries: Iterable<BuiltEntry>;
};

export type BuildCamt053Input = CamtInput & { openingBalanceCents?: number; closingBalanceCents?: number };
export type BuildCamt054Input = CamtInput;

const NAMESPACE = (message: string) => `urn:iso:std:iso:20022:tech:xsd:${message}`;

function addAmount(parent: XmlElement, name: string, cents: number, currency: string): void {
  parent.ele(name, { Ccy: currency }).txt(centsToSepaAmount(cents));
}

function addBankTransactionCode(parent: XmlElement, code: string, proprietary: string | undefined): void {
  const [domain, family, subFamily] = code.split('/');
  const element = parent.ele('BkTxCd');
  const domainElement = element.ele('Domn');
  domainElement.ele('Cd').txt(domain);
  const familyElement = domainElement.ele('Fmly');
  familyElement.ele('Cd').txt(family);
  familyElement.ele('SubFmlyCd').txt(subFamily);
  if (proprietary) {
    const prtry = element.ele('Prtry');
    prtry.ele('Cd').txt(proprietary);
    prtry.ele('Issr').txt('DK');
  }
}

function addCharges(parent: XmlElement, version: '02' | '08', cents: number, currency: string): void {
  const charges = parent.ele('Chrgs');
  if (version === '02') {
    addAmount(charges, 'Amt', cents, currency);
    charges.ele('CdtDbtInd').txt('DBIT');
    return;
  }
  const record = charges.ele('Rcrd');
  addAmount(record, 'Amt', cents, currency);
  record.ele('CdtDbtInd').txt('DBIT');
}

function addDate(parent: XmlElement, name: string, date: string): void {
  parent.ele(name).ele('Dt').txt(date);
}

function transactionElement(version: '02' | '08', transaction: BuiltTransaction, currency: string, entryCode: string): XmlElement {
  const details = new XmlElement('TxDtls');
  const refs = details.ele('Refs');
  if (transaction.messageId) refs.ele('MsgId').txt(transaction.messageId);
  if (transaction.bankReference) refs.ele('AcctSvcrRef').txt(transaction.bankReference);
  if (transaction.paymentInformationId) refs.ele('PmtInfId').txt(transaction.paymentInformationId);
  refs.ele('EndToEndId').txt(transaction.endToEndId ?? 'NOTPROVIDED');
  if (transaction.amountCents !== undefined) {
    if (version === '08') {
      addAmount(details, 'Amt', transaction.amountCents, currency);
      details.ele('CdtDbtInd').txt(transaction.creditDebit ?? 'DBIT');
    } else {
      addAmount(details.ele('AmtDtls').ele('TxAmt'), 'Amt', transaction.amountCents, currency);
    }
  }
  if (transaction.returnReason) addBankTransactionCode(details, entryCode, undefined);
  if (transaction.chargesCents) addCharges(details, version, transaction.chargesCents, currency);
  if (transaction.creditorIban || transaction.creditorName) {
    const parties = details.ele('RltdPties');
    if (transaction.creditorName) {
      const creditor = parties.ele('Cdtr');
      (version === '08' ? creditor.ele('Pty') : creditor).ele('Nm').txt(transaction.creditorName);
    }
    if (transaction.creditorIban) parties.ele('CdtrAcct').ele('Id').ele('IBAN').txt(transaction.creditorIban);
  }
  if (transaction.returnReason) {
    const info = details.ele('RtrInf');
    info.ele('Rsn').ele('Cd').txt(transaction.returnReason.code);
    if (transaction.returnReason.additionalInformation) info.ele('AddtlInf').txt(transaction.returnReason.additionalInformation);
  }
  return details;
}

function entryElement(version: '02' | '08', entry: BuiltEntry, accountCurrency: string): XmlElement {
  const currency = entry.currency ?? accountCurrency;
  const element = new XmlElement('Ntry');
  if (entry.entryReference) element.ele('NtryRef').txt(entry.entryReference);
  addAmount(element, 'Amt', entry.amountCents, currency);
  element.ele('CdtDbtInd').txt(entry.creditDebit);
  if (entry.reversal) element.ele('RvslInd').txt('true');
  const status = entry.status ?? 'BOOK';
  if (version === '08') element.ele('Sts').ele('Cd').txt(status);
  else element.ele('Sts').txt(status);
  addDate(element, 'BookgDt', entry.bookingDate);
  addDate(element, 'ValDt', entry.valueDate ?? entry.bookingDate);
  if (entry.bankReference) element.ele('AcctSvcrRef').txt(entry.bankReference);
  const code = entry.bankTransactionCode ?? 'PMNT/ICDT/ESCT';
  addBankTransactionCode(element, code, entry.proprietaryCode);
  if (entry.chargesCents) addCharges(element, version, entry.chargesCents, currency);
  const transactions = entry.transactions ?? [];
  if (entry.batch || transactions.length > 0) {
    const details = element.ele('NtryDtls');
    if (entry.batch) {
      const batch = details.ele('Btch');
      if (entry.batch.messageId) batch.ele('MsgId').txt(entry.batch.messageId);
      if (entry.batch.paymentInformationId) batch.ele('PmtInfId').txt(entry.batch.paymentInformationId);
      batch.ele('NbOfTxs').txt(String(entry.batch.numberOfTransactions ?? Math.max(transactions.length, 1)));
      addAmount(batch, 'TtlAmt', entry.amountCents, currency);
      batch.ele('CdtDbtInd').txt(entry.creditDebit);
    }
    if (transactions.length > 0) details.eleEach(transactions, (transaction) => transactionElement(version, transaction, currency, code));
  }
  return element;
}

/** The header, the statement or notification with its account, and the entries (written lazily). */
function buildCamt(kind: 'camt.053' | 'camt.054', input: BuildCamt053Input): string {
  const currency = input.account.currency ?? 'EUR';
  const entries = [...input.entries];
  const lastDay = entries.at(-1)?.bookingDate ?? input.toDate ?? '2026-01-01';
  const createdAt = input.createdAt ?? `${lastDay}T20:00:00Z`;
  const [rootName, reportName] = kind === 'camt.053' ? ['BkToCstmrStmt', 'Stmt'] : ['BkToCstmrDbtCdtNtfctn', 'Ntfctn'];

  const root = new XmlElement('Document', { xmlns: NAMESPACE(`${kind}.001.${input.version}`) });
  const message = root.ele(rootName);
  const header = message.ele('GrpHdr');
  header.ele('MsgId').txt(input.messageId);
  header.ele('CreDtTm').txt(createdAt);
  const report = message.ele(reportName);
  report.ele('Id').txt(input.statementId ?? `${input.messageId}-${input.sequence}`);
  report.ele('ElctrncSeqNb').txt(String(input.sequence));
  if (input.legalSequence !== undefined) report.ele('LglSeqNb').txt(String(input.legalSequence));
  report.ele('CreDtTm').txt(createdAt);
  if (input.fromDate && input.toDate) {
    const period = report.ele('FrToDt');
    period.ele('FrDtTm').txt(`${input.fromDate}T00:00:00Z`);
    period.ele('ToDtTm').txt(`${input.toDate}T23:59:59Z`);
  }
  const account = report.ele('Acct');
  account.ele('Id').ele('IBAN').txt(input.account.iban);
  account.ele('Ccy').txt(currency);
  if (input.account.ownerName) account.ele('Ownr').ele('Nm').txt(input.account.ownerName);
  if (kind === 'camt.053') {
    // A statement states its balances; the closing one follows from the opening one and the booked entries.
    const opening = input.openingBalanceCents ?? 0;
    const booked = entries.filter((entry) => (entry.status ?? 'BOOK') === 'BOOK');
    const closing = input.closingBalanceCents ?? booked.reduce((sum, entry) => sum + (entry.creditDebit === 'CRDT' ? entry.amountCents : -entry.amountCents), opening);
    for (const [code, cents, date] of [
      ['OPBD', opening, input.fromDate ?? entries[0]?.bookingDate ?? lastDay],
      ['CLBD', closing, input.toDate ?? lastDay],
    ] as const) {
      const balance = report.ele('Bal');
      balance.ele('Tp').ele('CdOrPrtry').ele('Cd').txt(code);
      addAmount(balance, 'Amt', Math.abs(cents), currency);
      balance.ele('CdtDbtInd').txt(cents < 0 ? 'DBIT' : 'CRDT');
      addDate(balance, 'Dt', date);
    }
  }
  if (entries.length > 0) report.eleEach(entries, (entry) => entryElement(input.version, entry, currency));
  return root.toDocument();
}

/** A bank statement (camt.053.001.02 or .08) of one account. */
export function buildCamt053(input: BuildCamt053Input): string {
  return buildCamt('camt.053', input);
}

/** A debit/credit notification (camt.054.001.02 or .08) of one account: the same entries, no balances. */
export function buildCamt054(input: BuildCamt054Input): string {
  return buildCamt('camt.054', input);
}

export type BuiltStatus = {
  endToEndId: string;
  /** v03 (the German banks' schema) knows only RJCT; v10 also ACCP, ACSC, ACSP, ACWC, PDNG. */
  status: string;
  reasonCode?: string;
  additionalInformation?: string;
  statusId?: string;
  amountCents?: number;
  creditorIban?: string;
  creditorName?: string;
};

export type BuildPain002Input = {
  version: '03' | '10';
  messageId: string;
  createdAt: string;
  /** The payout file answered: its GrpHdr/MsgId (sepaMessageId). */
  originalMessageId: string;
  originalMessageName?: string;
  groupStatus?: string;
  groupReasonCode?: string;
  groupAdditionalInformation?: string;
  paymentInformation?: Array<{ id: string; status?: string; reasonCode?: string; additionalInformation?: string; transactions?: BuiltStatus[] }>;
};

function addStatusReason(parent: XmlElement, version: '03' | '10', code: string | undefined, info: string | undefined): void {
  if (!code && !info) return;
  const reason = parent.ele('StsRsnInf');
  if (code) reason.ele('Rsn').ele('Cd').txt(code);
  // The German banks' pain.002.001.03 has no AddtlInf.
  if (info && version === '10') reason.ele('AddtlInf').txt(info);
}

/** A payment status report (pain.002.001.03 as German banks send it, or .10) answering one payout file. */
export function buildPain002(input: BuildPain002Input): string {
  const { version } = input;
  const root = new XmlElement('Document', { xmlns: NAMESPACE(`pain.002.001.${version}`) });
  const report = root.ele('CstmrPmtStsRpt');
  const header = report.ele('GrpHdr');
  header.ele('MsgId').txt(input.messageId);
  header.ele('CreDtTm').txt(input.createdAt);
  const group = report.ele('OrgnlGrpInfAndSts');
  group.ele('OrgnlMsgId').txt(input.originalMessageId);
  group.ele('OrgnlMsgNmId').txt(input.originalMessageName ?? 'pain.001.001.09');
  if (input.groupStatus) group.ele('GrpSts').txt(input.groupStatus);
  addStatusReason(group, version, input.groupReasonCode, input.groupAdditionalInformation);
  for (const block of input.paymentInformation ?? []) {
    const element = report.ele('OrgnlPmtInfAndSts');
    element.ele('OrgnlPmtInfId').txt(block.id);
    if (block.status) element.ele('PmtInfSts').txt(block.status);
    addStatusReason(element, version, block.reasonCode, block.additionalInformation);
    for (const transaction of block.transactions ?? []) {
      const status = element.ele('TxInfAndSts');
      if (transaction.statusId) status.ele('StsId').txt(transaction.statusId);
      status.ele('OrgnlEndToEndId').txt(transaction.endToEndId);
      status.ele('TxSts').txt(transaction.status);
      addStatusReason(status, version, transaction.reasonCode, transaction.additionalInformation);
      const reference = status.ele('OrgnlTxRef');
      if (transaction.amountCents !== undefined) addAmount(reference.ele('Amt'), 'InstdAmt', transaction.amountCents, 'EUR');
      if (transaction.creditorName) {
        const creditor = reference.ele('Cdtr');
        (version === '10' ? creditor.ele('Pty') : creditor).ele('Nm').txt(transaction.creditorName);
      }
      if (transaction.creditorIban) reference.ele('CdtrAcct').ele('Id').ele('IBAN').txt(transaction.creditorIban);
    }
  }
  return root.toDocument();
}

/**
 * The statement entry of a payout file as the bank books it: one debit of the file's sum with a
 * TxDtls per payout, or (`withoutDetails`) the sum alone with the file's MsgId and PmtInfId.
 */
export function payoutFileEntry(input: {
  messageId: string;
  paymentInformationId: string;
  bookingDate: string;
  bankReference: string;
  payouts: ReadonlyArray<{ endToEndId: string; amountCents: number; creditorIban: string; creditorName?: string }>;
  withoutDetails?: boolean;
}): BuiltEntry {
  const total = input.payouts.reduce((sum, payout) => sum + payout.amountCents, 0);
  return {
    amountCents: total,
    creditDebit: 'DBIT',
    bookingDate: input.bookingDate,
    bankReference: input.bankReference,
    batch: { messageId: input.messageId, paymentInformationId: input.paymentInformationId, numberOfTransactions: input.payouts.length },
    transactions: input.withoutDetails
      ? []
      : input.payouts.map((payout, index) => ({
          endToEndId: payout.endToEndId,
          amountCents: payout.amountCents,
          bankReference: `${input.bankReference}-${index + 1}`,
          messageId: input.messageId,
          paymentInformationId: input.paymentInformationId,
          creditorIban: payout.creditorIban,
          creditorName: payout.creditorName,
        })),
  };
}
