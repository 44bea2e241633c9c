import { SaxesParser, type SaxesTagNS } from 'saxes';
import { normalizeIban } from '../validation/bank';
import { BankFileError } from './bank-file-error';
import {
  BANK_FILE_MESSAGES,
  type BankBooking,
  type BankEntry,
  type BankFile,
  type BankFileIdentity,
  type BankFileKind,
  type BankFileMessage,
  type BankFileSource,
  type BankReason,
  type PaymentStatus,
} from './bank-file.types';

// Reads the bank's answer to a payout file as it streams in: a SAX parser (saxes: strict, namespace
// aware, with line numbers) fed chunk by chunk, and a small state machine that keeps the fields of
// the element being read (the statement header, one Ntry with its TxDtls, one TxInfAndSts) and
// nothing else. A month's statement of 50,000 entries is never held whole: memory is one Ntry.
// saxes resolves no external entities and no DTD, so an uploaded file cannot reach the disk or network.

const NAMESPACE_PREFIX = 'urn:iso:std:iso:20022:tech:xsd:';
const READABLE_MESSAGES: Record<BankFileKind, string[]> = { 'camt.053': ['02', '08'], 'camt.054': ['02', '08'], 'pain.002': ['03', '10'] };
/** ISO messages an admin may upload by mistake, named in the refusal (keys of bank-file.messages.ts). */
const KNOWN_OTHER_MESSAGES: Record<string, string> = {
  'pain.001': 'bankFile.messageName.pain001',
  'pain.008': 'bankFile.messageName.pain008',
  'camt.052': 'bankFile.messageName.camt052',
  'camt.086': 'bankFile.messageName.camt086',
  'pacs.008': 'bankFile.messageName.pacs008',
};

/** '1234.56' → 123456 without floats; up to 5 decimals as the XSD allows, but no fraction of a cent. */
export function parseAmountCents(text: string): number | null {
  const match = /^(\d{1,15})(?:\.(\d{1,5}))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(5, '0');
  if (fraction.slice(2) !== '000') return null;
  return Number(match[1]) * 100 + Number(fraction.slice(0, 2));
}

const dateOf = (text: string | undefined): string | null => (text ? text.trim().slice(0, 10) : null);
const textOrNull = (text: string | undefined): string | null => {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
};

type Fields = Record<string, string>;
type Reasons = Array<{ code?: string; proprietary?: string; info: string[] }>;
type Scope = {
  name: 'header' | 'account' | 'entry' | 'transaction' | 'group' | 'paymentInformation' | 'status';
  depth: number;
  fields: Fields;
  /** The Ccy attribute of each amount read in the scope, by the same relative path as `fields`. */
  currencies: Fields;
  reasons: Reasons;
};

const toReasons = (reasons: Reasons): BankReason[] =>
  reasons.map((reason) => ({
    code: textOrNull(reason.code),
    proprietary: textOrNull(reason.proprietary),
    additionalInformation: reason.info.length > 0 ? reason.info.join(' ') : null,
  }));

/** Sum of the charges in cents: the total if the bank states one, else each charge (v02 Chrgs/Amt, v08 Chrgs/Rcrd/Amt). */
function chargesCents(fields: Fields, charges: number[]): number {
  const total = fields['Chrgs/TtlChrgsAndTaxAmt'];
  if (total !== undefined) return parseAmountCents(total) ?? 0;
  return charges.reduce((sum, cents) => sum + cents, 0);
}

function bankTransactionCode(fields: Fields): string | null {
  const domain = fields['BkTxCd/Domn/Cd'];
  if (domain) return [domain, fields['BkTxCd/Domn/Fmly/Cd'], fields['BkTxCd/Domn/Fmly/SubFmlyCd']].filter(Boolean).join('/');
  return textOrNull(fields['BkTxCd/Prtry/Cd']);
}

/**
 * The reading state for one file. `open`/`text`/`close` are called by the SAX events; finished
 * items are pushed to `out` (the identity first) for the generator to hand on.
 */
class BankFileReader {
  readonly out: Array<BankEntry | BankFileIdentity> = [];
  private message: BankFileMessage | null = null;
  private readonly stack: string[] = [];
  private readonly scopes: Scope[] = [];
  private textBuffer = '';
  private identity: BankFileIdentity | null = null;
  private header: Fields = {};
  private entryNumber = 0;
  private statusNumber = 0;
  private entryCharges: number[] = [];
  private transactions: Array<{ fields: Fields; currencies: Fields; reasons: Reasons; charges: number[] }> = [];
  private transactionCharges: number[] = [];
  private paymentInformationStatusSent = false;

  open(tag: SaxesTagNS): void {
    const name = tag.local;
    if (this.stack.length === 0) this.detectMessage(tag);
    this.stack.push(name);
    this.textBuffer = '';
    const ccy = tag.attributes.Ccy?.value;
    const scope = this.scopes.at(-1);
    if (ccy !== undefined && scope) scope.currencies[this.relativePath(scope)] = ccy;
    const parent = this.stack.at(-2);
    const depth = this.stack.length;
    const kind = this.message?.slice(0, 8);

    if (name === 'GrpHdr' && depth === 3) this.enter('header');
    else if (kind !== 'pain.002' && (name === 'Stmt' || name === 'Ntfctn') && depth === 3) this.enter('account');
    else if (name === 'Ntry' && scope?.name === 'account') {
      this.emitIdentity();
      this.entryNumber += 1;
      this.entryCharges = [];
      this.transactions = [];
      this.enter('entry');
    } else if (name === 'TxDtls' && parent === 'NtryDtls' && scope?.name === 'entry') {
      this.transactionCharges = [];
      this.enter('transaction');
    } else if (name === 'OrgnlGrpInfAndSts' && depth === 3) this.enter('group');
    else if (name === 'OrgnlPmtInfAndSts' && depth === 3) {
      this.emitIdentity();
      this.paymentInformationStatusSent = false;
      this.enter('paymentInformation');
    } else if (name === 'TxInfAndSts' && scope?.name === 'paymentInformation') {
      this.emitPaymentInformationStatus();
      this.enter('status');
    } else if (name === 'StsRsnInf' && scope && parent === this.stack[scope.depth - 1]) scope.reasons.push({ info: [] });
  }

  text(text: string): void {
    this.textBuffer += text;
  }

  close(): void {
    const scope = this.scopes.at(-1);
    if (scope && this.stack.length === scope.depth) {
      this.leave(scope);
    } else if (scope) {
      const path = this.relativePath(scope);
      const value = this.textBuffer.trim();
      if (path.startsWith('StsRsnInf/')) this.addReason(scope, path.slice('StsRsnInf/'.length), value);
      else if (path.startsWith('RtrInf/')) this.addReason(scope, path, value);
      else if (path === 'Chrgs/Amt' || path === 'Chrgs/Rcrd/Amt') {
        (scope.name === 'transaction' ? this.transactionCharges : this.entryCharges).push(this.amount(value));
      } else if (value !== '' && scope.fields[path] === undefined) scope.fields[path] = value;
    }
    this.stack.pop();
    this.textBuffer = '';
  }

  /** At the end of the file: a statement without entries still has its identity. */
  end(): void {
    if (this.stack.length > 0) return;
    this.emitIdentity();
  }

  private relativePath(scope: Scope): string {
    return this.stack.slice(scope.depth).join('/');
  }

  private enter(name: Scope['name']): void {
    this.scopes.push({ name, depth: this.stack.length, fields: {}, currencies: {}, reasons: [] });
  }

  private addReason(scope: Scope, path: string, value: string): void {
    if (path.startsWith('RtrInf/')) {
      if (scope.reasons.length === 0) scope.reasons.push({ info: [] });
      path = path.slice('RtrInf/'.length);
    }
    const reason = scope.reasons.at(-1);
    if (!reason) return;
    if (path === 'Rsn/Cd') reason.code = value;
    else if (path === 'Rsn/Prtry') reason.proprietary = value;
    else if (path === 'AddtlInf' && value) reason.info.push(value);
  }

  private amount(text: string): number {
    const cents = parseAmountCents(text);
    if (cents === null) throw new BankFileError('bankFile.invalidAmount', { entry: this.entryNumber || this.statusNumber, amount: text });
    return cents;
  }

  private detectMessage(tag: SaxesTagNS): void {
    const namespace = tag.uri;
    if (tag.local !== 'Document' || !namespace.startsWith(NAMESPACE_PREFIX)) {
      throw new BankFileError('bankFile.notIso20022', { element: tag.local });
    }
    const id = namespace.slice(NAMESPACE_PREFIX.length);
    if ((BANK_FILE_MESSAGES as readonly string[]).includes(id)) {
      this.message = id as BankFileMessage;
      return;
    }
    const kind = id.slice(0, 8);
    const versions = READABLE_MESSAGES[kind as BankFileKind];
    if (versions) {
      throw new BankFileError('bankFile.unknownVersion', { message: kind, version: id, supported: versions.map((version) => `${kind}.001.${version}`).join(', ') });
    }
    throw new BankFileError('bankFile.unknownMessage', { message: id, what: KNOWN_OTHER_MESSAGES[kind] ?? 'bankFile.messageName.other' });
  }

  private leave(scope: Scope): void {
    this.scopes.pop();
    const fields = scope.fields;
    switch (scope.name) {
      case 'header':
        this.header = fields;
        return;
      case 'account':
        this.emitIdentity();
        this.checkSameAccount(fields);
        this.accountFields ??= fields;
        return;
      case 'group':
        this.readGroup(scope);
        return;
      case 'entry':
        this.emitEntry(scope);
        return;
      case 'transaction':
        this.transactions.push({ fields, currencies: scope.currencies, reasons: scope.reasons, charges: this.transactionCharges });
        return;
      case 'paymentInformation':
        this.emitPaymentInformationStatus(scope);
        return;
      case 'status':
        this.emitTransactionStatus(scope);
    }
  }

  private accountFields: Fields | null = null;

  /** The identity once the header and the first statement's account are read (before the first Ntry). */
  private emitIdentity(): void {
    if (this.identity !== null || this.message === null) {
      this.checkSameAccount(this.currentAccountFields());
      return;
    }
    const message = this.message;
    const messageId = textOrNull(this.header.MsgId);
    if (!messageId) throw new BankFileError('bankFile.missingField', { field: 'GrpHdr/MsgId', message });
    const kind = message.slice(0, 8) as BankFileKind;
    const account = kind === 'pain.002' ? null : (this.accountFields ?? this.currentAccountFields());
    const iban = account ? normalizeIban(account['Acct/Id/IBAN'] ?? '') : null;
    if (kind !== 'pain.002' && !iban) throw new BankFileError('bankFile.noAccount', {});
    const group = this.groupFields;
    this.identity = {
      message,
      kind,
      messageId,
      createdAt: this.header.CreDtTm ?? '',
      accountIban: iban,
      currency: account ? textOrNull(account['Acct/Ccy']) : null,
      statementId: account ? textOrNull(account.Id) : null,
      electronicSequenceNumber: account ? textOrNull(account.ElctrncSeqNb) : null,
      legalSequenceNumber: account ? textOrNull(account.LglSeqNb) : null,
      fromDate: account ? dateOf(account['FrToDt/FrDtTm']) : null,
      toDate: account ? dateOf(account['FrToDt/ToDtTm']) : null,
      originalMessageId: group ? textOrNull(group.OrgnlMsgId) : null,
      originalMessageName: group ? textOrNull(group.OrgnlMsgNmId) : null,
      groupStatus: group ? textOrNull(group.GrpSts) : null,
    };
    this.out.push(this.identity);
  }

  /** The fields of the statement being read (the identity is made at its first Ntry, before it closes). */
  private currentAccountFields(): Fields | null {
    return this.scopes.find((scope) => scope.name === 'account')?.fields ?? null;
  }

  /** A file with statements of several accounts is refused: one upload, one account. */
  private checkSameAccount(current: Fields | null): void {
    if (!current || !this.identity?.accountIban) return;
    const iban = normalizeIban(current['Acct/Id/IBAN'] ?? '');
    if (iban && iban !== this.identity.accountIban) throw new BankFileError('bankFile.severalAccounts', { first: this.identity.accountIban, other: iban });
  }

  private groupFields: Fields | null = null;

  private readGroup(scope: Scope): void {
    this.groupFields = scope.fields;
    this.emitIdentity();
    const status = textOrNull(scope.fields.GrpSts);
    if (!status) return;
    this.statusNumber += 1;
    this.out.push({
      type: 'status',
      level: 'group',
      statusNumber: this.statusNumber,
      originalMessageId: this.identity?.originalMessageId ?? '',
      originalPaymentInformationId: null,
      endToEndId: null,
      statusId: null,
      status,
      reasons: toReasons(scope.reasons),
      amountCents: null,
      currency: null,
      creditorIban: null,
    });
  }

  /** PmtInfSts, once its reasons are read: at the first TxInfAndSts or at the block's end. */
  private emitPaymentInformationStatus(scope = this.scopes.at(-1)): void {
    if (this.paymentInformationStatusSent || !scope || scope.name !== 'paymentInformation') return;
    this.paymentInformationStatusSent = true;
    const status = textOrNull(scope.fields.PmtInfSts);
    if (!status) return;
    this.statusNumber += 1;
    this.out.push({
      type: 'status',
      level: 'paymentInformation',
      statusNumber: this.statusNumber,
      originalMessageId: this.identity?.originalMessageId ?? '',
      originalPaymentInformationId: textOrNull(scope.fields.OrgnlPmtInfId),
      endToEndId: null,
      statusId: null,
      status,
      reasons: toReasons(scope.reasons),
      amountCents: null,
      currency: null,
      creditorIban: null,
    });
  }

  private emitTransactionStatus(scope: Scope): void {
    const fields = scope.fields;
    const block = this.scopes.at(-1);
    this.statusNumber += 1;
    const amount = fields['OrgnlTxRef/Amt/InstdAmt'];
    const iban = fields['OrgnlTxRef/CdtrAcct/Id/IBAN'];
    const status: PaymentStatus = {
      type: 'status',
      level: 'transaction',
      statusNumber: this.statusNumber,
      originalMessageId: this.identity?.originalMessageId ?? '',
      originalPaymentInformationId: block ? textOrNull(block.fields.OrgnlPmtInfId) : null,
      endToEndId: textOrNull(fields.OrgnlEndToEndId),
      statusId: textOrNull(fields.StsId),
      // A TxInfAndSts without TxSts inherits the status of its block (ISO: "status of the group or block applies").
      status: textOrNull(fields.TxSts) ?? textOrNull(block?.fields.PmtInfSts) ?? textOrNull(this.identity?.groupStatus ?? undefined) ?? '',
      reasons: toReasons(scope.reasons),
      amountCents: amount !== undefined ? this.amount(amount) : null,
      currency: scope.currencies['OrgnlTxRef/Amt/InstdAmt'] ?? null,
      creditorIban: iban ? normalizeIban(iban) : null,
    };
    this.out.push(status);
  }

  /**
   * The trainer's side of a movement: the creditor (RltdPties/Cdtr, CdtrAcct). On a return some banks
   * swap the roles and name the trainer as debtor, with our account as creditor: then the debtor.
   */
  private counterparty(fields: Fields): { creditorIban: string | null; creditorName: string | null } {
    const own = this.identity?.accountIban;
    for (const role of ['Cdtr', 'Dbtr']) {
      const iban = normalizeIban(fields[`RltdPties/${role}Acct/Id/IBAN`] ?? '');
      if (iban && iban !== own) return { creditorIban: iban, creditorName: textOrNull(fields[`RltdPties/${role}/Nm`] ?? fields[`RltdPties/${role}/Pty/Nm`]) };
    }
    return { creditorIban: null, creditorName: textOrNull(fields['RltdPties/Cdtr/Nm'] ?? fields['RltdPties/Cdtr/Pty/Nm']) };
  }

  private emitEntry(scope: Scope): void {
    const entry = scope.fields;
    const entryAmount = entry.Amt;
    if (entryAmount === undefined) throw new BankFileError('bankFile.missingField', { field: `Ntry ${this.entryNumber} Amt`, message: this.message ?? '' });
    const entryAmountCents = this.amount(entryAmount);
    const entryCurrency = scope.currencies.Amt ?? this.identity?.currency ?? '';
    const creditDebit = entry.CdtDbtInd === 'CRDT' ? 'CRDT' : 'DBIT';
    const transactions = this.transactions.length > 0 ? this.transactions : [null];
    const count = Math.max(Number(entry['NtryDtls/Btch/NbOfTxs'] ?? 0) || 0, this.transactions.length, 1);
    const entryReference = textOrNull(entry.AcctSvcrRef);
    const entryCharges = chargesCents(entry, this.entryCharges);

    transactions.forEach((transaction, index) => {
      const fields = transaction?.fields ?? {};
      const amountPath = ['Amt', 'AmtDtls/TxAmt/Amt', 'AmtDtls/InstdAmt/Amt'].find((path) => fields[path] !== undefined);
      const ownAmount = amountPath ? this.amount(fields[amountPath]) : null;
      const alone = transactions.length === 1;
      const reference = textOrNull(fields['Refs/AcctSvcrRef']) ?? (entryReference && !alone ? `${entryReference}#${index + 1}` : entryReference);
      const endToEndId = textOrNull(fields['Refs/EndToEndId']);
      const reasons = transaction ? toReasons(transaction.reasons) : [];
      const booking: BankBooking = {
        type: 'booking',
        entryNumber: this.entryNumber,
        transactionNumber: transaction ? index + 1 : 0,
        entryReference: textOrNull(entry.NtryRef),
        amountCents: ownAmount ?? (alone ? entryAmountCents : null),
        currency: (amountPath ? transaction?.currencies[amountPath] : undefined) ?? entryCurrency,
        creditDebit: fields.CdtDbtInd === 'CRDT' || fields.CdtDbtInd === 'DBIT' ? fields.CdtDbtInd : creditDebit,
        reversal: entry.RvslInd === 'true',
        status: textOrNull(entry.Sts) ?? textOrNull(entry['Sts/Cd']) ?? textOrNull(entry['Sts/Prtry']) ?? '',
        bookingDate: dateOf(entry['BookgDt/Dt'] ?? entry['BookgDt/DtTm']),
        valueDate: dateOf(entry['ValDt/Dt'] ?? entry['ValDt/DtTm']),
        bankReference: reference,
        endToEndId: endToEndId === 'NOTPROVIDED' ? null : endToEndId,
        batchMessageId: textOrNull(fields['Refs/MsgId']) ?? textOrNull(entry['NtryDtls/Btch/MsgId']),
        batchPaymentInformationId: textOrNull(fields['Refs/PmtInfId']) ?? textOrNull(entry['NtryDtls/Btch/PmtInfId']),
        entryAmountCents,
        entryTransactionCount: count,
        withoutDetails: transaction === null,
        ...this.counterparty(fields),
        bankTransactionCode: bankTransactionCode(fields) ?? bankTransactionCode(entry),
        returnReason: reasons[0] ?? null,
        // Banks state a charge on the TxDtls, on the Ntry, or on both (the same charge twice): the
        // transaction's own, else the Ntry's when it books this transaction alone.
        chargesCents: (transaction ? chargesCents(fields, transaction.charges) : 0) || (alone ? entryCharges : 0),
      };
      this.out.push(booking);
    });
    this.transactions = [];
  }
}

/** The parse of one file: the identity, then its entries, as an async generator over the source's chunks. */
async function* parseBankFile(source: BankFileSource): AsyncGenerator<BankEntry | BankFileIdentity> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const reader = new BankFileReader();
  parser.on('opentag', (tag) => reader.open(tag));
  parser.on('text', (text) => reader.text(text));
  parser.on('cdata', (text) => reader.text(text));
  parser.on('closetag', () => reader.close());
  const decoder = new TextDecoder('utf-8');
  let started = false;

  const feed = (text: string | null) => {
    try {
      if (text === null) parser.close();
      else parser.write(text);
    } catch (error) {
      if (error instanceof BankFileError) throw error;
      throw new BankFileError('bankFile.notWellFormed', { line: parser.line, detail: error instanceof Error ? error.message : String(error) });
    }
  };

  for await (const chunk of source as AsyncIterable<Buffer | Uint8Array | string>) {
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (!started) {
      text = text.replace(/^\uFEFF/, '');
      const first = text.trimStart();
      if (first === '') continue;
      // Not '<' at the start: a PDF, a CSV, an MT940 — not a file to hand to the XML parser.
      if (!first.startsWith('<')) throw new BankFileError('bankFile.notXml', {});
      started = true;
    }
    feed(text);
    if (reader.out.length > 0) yield* reader.out.splice(0);
  }
  if (!started) throw new BankFileError('bankFile.empty', {});
  feed(decoder.decode());
  feed(null);
  reader.end();
  yield* reader.out.splice(0);
}

/**
 * Reads a bank file as it streams in: resolves with its identity once the header and account are
 * read, and gives its entries as they are parsed. Throws BankFileError (here or while iterating the
 * entries) for an empty file, one that is not XML or not well-formed (naming the line), not one of
 * the six messages, or a statement without an account IBAN. Read all entries before applying any:
 * a file that breaks off in its last line is refused whole.
 */
export async function readBankFile(source: BankFileSource): Promise<BankFile> {
  const items = parseBankFile(source);
  const first = await items.next();
  if (first.done || 'type' in first.value) throw new BankFileError('bankFile.empty', {});
  const identity = first.value;
  async function* entries(): AsyncGenerator<BankEntry> {
    for await (const item of items) if ('type' in item) yield item;
  }
  return { identity, entries: entries() };
}

/** Reads the whole file into memory-light entries (the matcher takes an array): for uploads of a few MB. */
export async function readAllBankEntries(source: BankFileSource): Promise<{ identity: BankFileIdentity; entries: BankEntry[] }> {
  const { identity, entries } = await readBankFile(source);
  const list: BankEntry[] = [];
  for await (const entry of entries) list.push(entry);
  return { identity, entries: list };
}

/**
 * Refuses a file about another account or currency than the studio group's payout account. A
 * pain.002 names no account: it is tied to the group through the payout file it answers.
 */
export function checkBankFileFor(identity: BankFileIdentity, account: { iban: string; currency: 'EUR' }): void {
  if (identity.kind === 'pain.002') return;
  const expected = normalizeIban(account.iban);
  if (identity.accountIban !== expected) throw new BankFileError('bankFile.otherAccount', { iban: identity.accountIban ?? '', expected });
  if (identity.currency !== null && identity.currency !== account.currency) {
    throw new BankFileError('bankFile.otherCurrency', { currency: identity.currency, expected: account.currency });
  }
}
