import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { translate } from '../messages';
import { buildPain001 } from '../sepa/pain001';
import {
  BankFileError,
  buildCamt053,
  buildCamt054,
  buildPain002,
  checkBankFileFor,
  parseAmountCents,
  payoutFileEntry,
  readAllBankEntries,
  readBankFile,
  type BankBooking,
  type BankFileMessage,
  type BuiltEntry,
  type PaymentStatus,
} from './index';

// Every file built here is validated against its ISO 20022 XSD with xmllint (as a bank's own
// validator would), then read back: the reader must see what the builder wrote.
const STANDARDS = fileURLToPath(new URL('../../standards/iso20022/', import.meta.url));
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-file-test-'));
afterAll(() => fs.rmSync(tempDir, { recursive: true, force: true }));

let fileCount = 0;
function expectValidAgainstXsd(xml: string, message: BankFileMessage): void {
  const file = path.join(tempDir, `${message}-${++fileCount}.xml`);
  fs.writeFileSync(file, xml, 'utf8');
  try {
    execFileSync('xmllint', ['--noout', '--schema', path.join(STANDARDS, `${message}.xsd`), file], { stdio: 'pipe' });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    throw new Error(`xmllint rejected ${file}:\n${stderr}`, { cause: error });
  }
}

/** The bytes in small chunks, so every test also crosses chunk borders inside tags and multi-byte characters. */
const chunked = (xml: string, size = 97) => Readable.from(Buffer.from(xml, 'utf8'), { objectMode: false, highWaterMark: size });
const streamOf = (xml: string) => {
  const bytes = Buffer.from(xml, 'utf8');
  return (async function* () {
    for (let offset = 0; offset < bytes.length; offset += 97) yield bytes.subarray(offset, offset + 97);
  })();
};

const ACCOUNT = 'DE44500105175407324931';
const payouts = [
  { endToEndId: 'GS-2026-00041', amountCents: 123_456, creditorIban: 'DE02120300000000202051', creditorName: 'Jörg Müller' },
  { endToEndId: 'GS-2026-00042', amountCents: 7_001, creditorIban: 'DE89370400440532013000', creditorName: 'Ana Lopez' },
];
const returnEntry: BuiltEntry = {
  amountCents: 122_956,
  creditDebit: 'CRDT',
  bookingDate: '2026-11-12',
  bankReference: 'RET-0001',
  bankTransactionCode: 'PMNT/ICDT/RRTN',
  proprietaryCode: 'NMSC+159+00931',
  transactions: [
    {
      endToEndId: 'GS-2026-00041',
      amountCents: 122_956,
      creditDebit: 'CRDT',
      creditorIban: 'DE02120300000000202051',
      creditorName: 'Jörg Müller',
      returnReason: { code: 'AC04', additionalInformation: 'Konto erloschen' },
      chargesCents: 500,
    },
  ],
};
function statementEntries(): BuiltEntry[] {
  return [
    payoutFileEntry({ messageId: 'TP0001', paymentInformationId: 'TP0001', bookingDate: '2026-11-05', bankReference: 'BATCH-A', payouts }),
    payoutFileEntry({ messageId: 'TP0002', paymentInformationId: 'TP0002-1', bookingDate: '2026-11-06', bankReference: 'BATCH-B', payouts, withoutDetails: true }),
    { amountCents: 990, creditDebit: 'DBIT', bookingDate: '2026-11-07', bankReference: 'FEE-1', bankTransactionCode: 'ACMT/MDOP/CHRG' },
    { amountCents: 5_000, creditDebit: 'DBIT', status: 'PDNG', bookingDate: '2026-11-30', transactions: [{ endToEndId: 'GS-2026-00099', amountCents: 5_000 }] },
    returnEntry,
  ];
}

async function read(xml: string) {
  return readAllBankEntries(chunked(xml));
}
const bookings = (entries: unknown[]) => entries as BankBooking[];

describe('bank file builders', () => {
  it('write all six messages valid against their ISO 20022 XSDs', () => {
    for (const version of ['02', '08'] as const) {
      const input = { version, account: { iban: ACCOUNT, ownerName: 'Studio Nord GmbH' }, messageId: `S-${version}`, sequence: 17, legalSequence: 11, fromDate: '2026-11-01', toDate: '2026-11-30', entries: statementEntries() };
      expectValidAgainstXsd(buildCamt053(input), `camt.053.001.${version}`);
      expectValidAgainstXsd(buildCamt054(input), `camt.054.001.${version}`);
      expectValidAgainstXsd(buildCamt053({ ...input, entries: [] }), `camt.053.001.${version}`);
    }
    for (const version of ['03', '10'] as const) {
      const xml = buildPain002({
        version,
        messageId: 'PSR-1',
        createdAt: '2026-11-05T09:00:00Z',
        originalMessageId: 'TP0001',
        groupStatus: 'RJCT',
        groupReasonCode: 'FF01',
        paymentInformation: [{ id: 'TP0001', status: 'RJCT', transactions: [{ endToEndId: 'GS-2026-00042', status: 'RJCT', reasonCode: 'AC04', additionalInformation: 'closed', amountCents: 7_001, creditorIban: payouts[1].creditorIban, creditorName: 'Ana Lopez' }] }],
      });
      expectValidAgainstXsd(xml, `pain.002.001.${version}`);
    }
    expectValidAgainstXsd(
      buildPain002({ version: '10', messageId: 'PSR-2', createdAt: '2026-11-05T09:00:00Z', originalMessageId: 'TP0001', groupStatus: 'ACCP', paymentInformation: [{ id: 'TP0001', status: 'ACSC', transactions: [{ endToEndId: 'GS-2026-00041', status: 'ACSC' }] }] }),
      'pain.002.001.10',
    );
  });

  it('a file the XSD would refuse is refused by xmllint here too', () => {
    const xml = buildCamt053({ version: '08', account: { iban: ACCOUNT }, messageId: 'S', sequence: 1, entries: statementEntries() });
    expect(() => expectValidAgainstXsd(xml.replace('<CdtDbtInd>DBIT</CdtDbtInd>', '<CdtDbtInd>DEBIT</CdtDbtInd>'), 'camt.053.001.08')).toThrow(/xmllint rejected/);
  });
});

describe('readBankFile', () => {
  for (const [kind, build] of [
    ['camt.053', buildCamt053],
    ['camt.054', buildCamt054],
  ] as const) {
    for (const version of ['02', '08'] as const) {
      it(`reads a ${kind}.001.${version}: identity, batch bookings with and without details, a fee, a pending entry and a return`, async () => {
        const xml = build({ version, account: { iban: ACCOUNT }, messageId: `MSG-${kind}-${version}`, createdAt: '2026-11-30T20:00:00Z', statementId: 'STMT-2026-11', sequence: 17, legalSequence: 11, fromDate: '2026-11-01', toDate: '2026-11-30', entries: statementEntries() });
        const { identity, entries } = await read(xml);
        expect(identity).toEqual({
          message: `${kind}.001.${version}`,
          kind,
          messageId: `MSG-${kind}-${version}`,
          createdAt: '2026-11-30T20:00:00Z',
          accountIban: ACCOUNT,
          currency: 'EUR',
          statementId: 'STMT-2026-11',
          electronicSequenceNumber: '17',
          legalSequenceNumber: '11',
          fromDate: '2026-11-01',
          toDate: '2026-11-30',
          originalMessageId: null,
          originalMessageName: null,
          groupStatus: null,
        });
        const [first, second, batch, fee, pending, returned] = bookings(entries);
        expect(entries).toHaveLength(6);
        expect(first).toMatchObject({
          entryNumber: 1, transactionNumber: 1, amountCents: 123_456, currency: 'EUR', creditDebit: 'DBIT', reversal: false, status: 'BOOK',
          bookingDate: '2026-11-05', valueDate: '2026-11-05', bankReference: 'BATCH-A-1', endToEndId: 'GS-2026-00041',
          batchMessageId: 'TP0001', batchPaymentInformationId: 'TP0001', entryAmountCents: 130_457, entryTransactionCount: 2,
          withoutDetails: false, creditorIban: 'DE02120300000000202051', creditorName: 'Jörg Müller', returnReason: null, chargesCents: 0,
        });
        expect(second).toMatchObject({ transactionNumber: 2, amountCents: 7_001, endToEndId: 'GS-2026-00042', creditorName: 'Ana Lopez' });
        expect(batch).toMatchObject({ entryNumber: 2, transactionNumber: 0, withoutDetails: true, amountCents: 130_457, endToEndId: null, batchMessageId: 'TP0002', batchPaymentInformationId: 'TP0002-1', entryTransactionCount: 2, bankReference: 'BATCH-B' });
        expect(fee).toMatchObject({ amountCents: 990, endToEndId: null, batchMessageId: null, bankTransactionCode: 'ACMT/MDOP/CHRG' });
        expect(pending).toMatchObject({ status: 'PDNG', endToEndId: 'GS-2026-00099' });
        expect(returned).toMatchObject({
          creditDebit: 'CRDT', amountCents: 122_956, endToEndId: 'GS-2026-00041', bankReference: 'RET-0001', bookingDate: '2026-11-12',
          bankTransactionCode: 'PMNT/ICDT/RRTN', creditorIban: 'DE02120300000000202051', chargesCents: 500,
          returnReason: { code: 'AC04', proprietary: null, additionalInformation: 'Konto erloschen' },
        });
      });
    }
  }

  for (const version of ['03', '10'] as const) {
    it(`reads a pain.002.001.${version}: the file answered, the group, block and payout statuses with their reasons`, async () => {
      const xml = buildPain002({
        version,
        messageId: 'PSR-7',
        createdAt: '2026-11-05T09:00:00Z',
        originalMessageId: 'TP0001',
        groupStatus: 'RJCT',
        groupReasonCode: 'FF01',
        paymentInformation: [{ id: 'TP0001-B', status: 'RJCT', reasonCode: 'DNOR', transactions: [{ endToEndId: 'GS-2026-00042', status: 'RJCT', reasonCode: 'AC04', additionalInformation: 'Konto erloschen', statusId: 'S1', amountCents: 7_001, creditorIban: 'DE89 3704 0044 0532 0130 00' }] }],
      });
      const { identity, entries } = await read(xml);
      expect(identity).toMatchObject({ message: `pain.002.001.${version}`, kind: 'pain.002', messageId: 'PSR-7', accountIban: null, originalMessageId: 'TP0001', originalMessageName: 'pain.001.001.09', groupStatus: 'RJCT' });
      const [group, block, transaction] = entries as PaymentStatus[];
      expect(group).toMatchObject({ level: 'group', status: 'RJCT', reasons: [{ code: 'FF01' }], originalMessageId: 'TP0001' });
      expect(block).toMatchObject({ level: 'paymentInformation', status: 'RJCT', originalPaymentInformationId: 'TP0001-B', reasons: [{ code: 'DNOR' }] });
      expect(transaction).toEqual({
        type: 'status', level: 'transaction', statusNumber: 3, originalMessageId: 'TP0001', originalPaymentInformationId: 'TP0001-B', endToEndId: 'GS-2026-00042',
        statusId: 'S1', status: 'RJCT', reasons: [{ code: 'AC04', proprietary: null, additionalInformation: version === '10' ? 'Konto erloschen' : null }],
        amountCents: 7_001, currency: 'EUR', creditorIban: 'DE89370400440532013000',
      });
    });
  }

  it('reads positive pain.002 statuses and gives the identity before the entries, from any async iterable', async () => {
    const xml = buildPain002({ version: '10', messageId: 'PSR-8', createdAt: '2026-11-05T09:00:00Z', originalMessageId: 'TP0001', paymentInformation: [{ id: 'TP0001', transactions: [{ endToEndId: 'GS-2026-00041', status: 'ACSC' }, { endToEndId: 'GS-2026-00042', status: 'ACCP' }] }] });
    const file = await readBankFile(streamOf(xml));
    expect(file.identity.groupStatus).toBeNull();
    const statuses: string[] = [];
    for await (const entry of file.entries) statuses.push(`${(entry as PaymentStatus).endToEndId} ${(entry as PaymentStatus).status}`);
    expect(statuses).toEqual(['GS-2026-00041 ACSC', 'GS-2026-00042 ACCP']);
  });

  it('reads what banks write beyond the builders: prefixes, a BOM, v02 charges, a reversal, DtTm dates, NOTPROVIDED', async () => {
    const xml = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<c:Document xmlns:c="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><c:BkToCstmrStmt>
<c:GrpHdr><c:MsgId>M1</c:MsgId><c:CreDtTm>2026-11-30T20:00:00</c:CreDtTm></c:GrpHdr>
<c:Stmt><c:Id>S</c:Id><c:CreDtTm>2026-11-30T20:00:00</c:CreDtTm><c:Acct><c:Id><c:IBAN>de44 5001 0517 5407 3249 31</c:IBAN></c:Id></c:Acct>
<c:Bal><c:Tp><c:CdOrPrtry><c:Cd>CLBD</c:Cd></c:CdOrPrtry></c:Tp><c:Amt Ccy="EUR">1.00</c:Amt><c:CdtDbtInd>CRDT</c:CdtDbtInd><c:Dt><c:Dt>2026-11-30</c:Dt></c:Dt></c:Bal>
<c:Ntry><c:Amt Ccy="EUR">70.01</c:Amt><c:CdtDbtInd>DBIT</c:CdtDbtInd><c:RvslInd>true</c:RvslInd><c:Sts>BOOK</c:Sts>
<c:BookgDt><c:DtTm>2026-11-20T10:00:00</c:DtTm></c:BookgDt><c:AcctSvcrRef>R-9</c:AcctSvcrRef>
<c:BkTxCd><c:Prtry><c:Cd>NMSC+159+00931</c:Cd></c:Prtry></c:BkTxCd>
<c:Chrgs><c:Amt Ccy="EUR">2.50</c:Amt></c:Chrgs><c:Chrgs><c:Amt Ccy="EUR">1.00</c:Amt></c:Chrgs>
<c:NtryDtls><c:TxDtls><c:Refs><c:EndToEndId>NOTPROVIDED</c:EndToEndId></c:Refs>
<c:RtrInf><c:Rsn><c:Prtry>X99</c:Prtry></c:Rsn><c:AddtlInf>Line one</c:AddtlInf><c:AddtlInf>line two</c:AddtlInf></c:RtrInf></c:TxDtls></c:NtryDtls>
</c:Ntry></c:Stmt></c:BkToCstmrStmt></c:Document>`;
    const { identity, entries } = await read(xml);
    expect(identity.accountIban).toBe(ACCOUNT);
    expect(identity.currency).toBeNull();
    expect(bookings(entries)[0]).toMatchObject({
      amountCents: 7_001, reversal: true, bookingDate: '2026-11-20', valueDate: null, bankReference: 'R-9', endToEndId: null, chargesCents: 350,
      bankTransactionCode: 'NMSC+159+00931', returnReason: { code: null, proprietary: 'X99', additionalInformation: 'Line one line two' },
    });
  });

  it('parses amounts as integer cents without floats', () => {
    expect(parseAmountCents('1234.56')).toBe(123_456);
    expect(parseAmountCents('0.1')).toBe(10);
    expect(parseAmountCents('7')).toBe(700);
    expect(parseAmountCents('0.29')).toBe(29);
    expect(parseAmountCents('999999999999.99')).toBe(99_999_999_999_999);
    expect(parseAmountCents('1.50000')).toBe(150);
    for (const bad of ['', '-1.00', '1,00', '1.001', '1e3', 'abc', '.5']) expect(parseAmountCents(bad), bad).toBeNull();
  });
});

describe('readBankFile refuses what it cannot read, with a message the admin understands', () => {
  const refusal = async (content: string | Buffer) => {
    try {
      await readAllBankEntries(Readable.from([typeof content === 'string' ? Buffer.from(content) : content]));
    } catch (error) {
      expect(error).toBeInstanceOf(BankFileError);
      return error as BankFileError;
    }
    throw new Error('not refused');
  };
  const statement = buildCamt053({ version: '08', account: { iban: ACCOUNT }, messageId: 'S', sequence: 1, entries: statementEntries() });

  it('an empty file', async () => {
    expect((await refusal('')).messageKey).toBe('bankFile.empty');
    expect((await refusal('  \n')).messageKey).toBe('bankFile.empty');
  });

  it('a PDF, a CSV or an MT940 statement', async () => {
    for (const content of ['%PDF-1.7\n…', 'Buchungstag;Betrag\n01.11.2026;12,00', ':20:STARTUMS\n:25:50010517/5407324931']) {
      const error = await refusal(content);
      expect(error.messageKey).toBe('bankFile.notXml');
      expect(translate('de', error.messageKey, error.params)).toMatch(/nicht als PDF, CSV oder MT940/);
    }
  });

  it('XML that breaks off or is broken, naming the line', async () => {
    const cut = await refusal(statement.slice(0, statement.indexOf('<Ntry>') + 40));
    expect(cut.messageKey).toBe('bankFile.notWellFormed');
    const broken = await refusal(statement.replace('<CdtDbtInd>DBIT</CdtDbtInd>', '<CdtDbtInd>DBIT</CdtDbt>'));
    expect(broken.messageKey).toBe('bankFile.notWellFormed');
    const line = statement.split('\n').findIndex((text) => text.includes('<CdtDbtInd>DBIT</CdtDbtInd>')) + 1;
    expect(broken.params.line).toBe(line);
    expect(translate('en', broken.messageKey, broken.params)).toBe(`The file is damaged: the XML breaks off or is invalid in line ${line}. Please download it again from online banking.`);
  });

  it('an XML file that is not a bank message, naming its root element', async () => {
    const error = await refusal('<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>');
    expect(error.messageKey).toBe('bankFile.notIso20022');
    expect(error.params.element).toBe('CrossIndustryInvoice');
  });

  it('another ISO 20022 message, named: our own payout file is recognised as such', async () => {
    const pain001 = buildPain001({
      messageId: 'TP0001',
      createdAt: '2026-11-05T10:00:00Z',
      executionDate: '2026-11-06',
      debtor: { name: 'Studio Nord GmbH', address: { street: 'Hafenstraße', houseNumber: '1', postalCode: '20457', city: 'Hamburg', country: 'DE' }, iban: ACCOUNT, bic: null },
      payments: [{ creditNoteNumber: 'GS-2026-00041', amountCents: 100, serviceMonth: '2026-10-31', creditor: { name: 'Jörg Müller', address: { street: null, houseNumber: null, postalCode: null, city: 'Berlin', country: 'DE' }, iban: payouts[0].creditorIban, bic: null } }],
    });
    const error = await refusal(pain001);
    expect(error.messageKey).toBe('bankFile.unknownMessage');
    expect(translate('en', error.messageKey, error.params)).toMatch(/^This XML file is a payment order — the payout file TrainerPay made for the bank \(pain\.001\.001\.09\)/);
    const intraday = await refusal('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.08"/>');
    expect(translate('de', intraday.messageKey, intraday.params)).toMatch(/^Diese XML-Datei ist eine untertägige Kontoinformation \(camt\.052\.001\.08\)/);
  });

  it('a version TrainerPay does not read, naming the ones it does', async () => {
    const error = await refusal(statement.replace(/camt\.053\.001\.08/g, 'camt.053.001.04'));
    expect(error.messageKey).toBe('bankFile.unknownVersion');
    expect(translate('en', error.messageKey, error.params)).toBe('This is a camt.053 in version camt.053.001.04, which TrainerPay cannot read. Please choose version camt.053.001.02, camt.053.001.08 in online banking.');
  });

  it('a statement without an account IBAN, or of several accounts', async () => {
    expect((await refusal(statement.replace(/<IBAN>DE44500105175407324931<\/IBAN>/, '<Othr><Id>5407324931</Id></Othr>'))).messageKey).toBe('bankFile.noAccount');
    const second = statement.replace('</Stmt>', `</Stmt>\n${statement.slice(statement.indexOf('<Stmt>'), statement.indexOf('</Stmt>') + 7).replace(ACCOUNT, 'DE02120300000000202051')}`);
    const error = await refusal(second);
    expect(error.messageKey).toBe('bankFile.severalAccounts');
    expect(error.params).toEqual({ first: ACCOUNT, other: 'DE02120300000000202051' });
  });

  it('a file without a message id, or with an amount that is not one', async () => {
    expect((await refusal(statement.replace('<MsgId>S</MsgId>', ''))).messageKey).toBe('bankFile.missingField');
    const amount = await refusal(statement.replace('<Amt Ccy="EUR">9.90</Amt>', '<Amt Ccy="EUR">9,90</Amt>'));
    expect(amount.messageKey).toBe('bankFile.invalidAmount');
    expect(amount.params).toEqual({ entry: 3, amount: '9,90' });
  });

  it('checkBankFileFor: another account or another currency than the payout account', async () => {
    const { identity } = await read(statement);
    expect(() => checkBankFileFor(identity, { iban: 'de44 5001 0517 5407 3249 31', currency: 'EUR' })).not.toThrow();
    const other = (() => {
      try {
        checkBankFileFor(identity, { iban: 'DE02120300000000202051', currency: 'EUR' });
      } catch (error) {
        return error as BankFileError;
      }
    })();
    expect(other?.messageKey).toBe('bankFile.otherAccount');
    expect(translate('de', other!.messageKey, other!.params)).toBe('Diese Datei betrifft das Konto DE44500105175407324931, die Auszahlungen laufen aber über DE02120300000000202051. Bitte laden Sie den Auszug des Auszahlungskontos hoch.');
    expect(() => checkBankFileFor({ ...identity, currency: 'CHF' }, { iban: ACCOUNT, currency: 'EUR' })).toThrow(expect.objectContaining({ messageKey: 'bankFile.otherCurrency' }));
    const pain002 = await read(buildPain002({ version: '10', messageId: 'P', createdAt: '2026-11-05T09:00:00Z', originalMessageId: 'TP0001', groupStatus: 'ACCP' }));
    expect(() => checkBankFileFor(pain002.identity, { iban: ACCOUNT, currency: 'EUR' })).not.toThrow();
  });
});

describe('readBankFile streams', () => {
  it('reads a statement of 50,000 entries with bounded memory', async () => {
    // One entry as the builder writes it, repeated with its own references: the file is made as it is read.
    const template = buildCamt053({
      version: '08',
      account: { iban: ACCOUNT },
      messageId: 'BIG',
      sequence: 1,
      entries: [{ amountCents: 12_345, creditDebit: 'DBIT', bookingDate: '2026-11-05', bankReference: 'REF-X', transactions: [{ endToEndId: 'GS-X', amountCents: 12_345, creditorIban: payouts[0].creditorIban, creditorName: 'Jörg Müller' }] }],
    });
    const start = template.indexOf('<Ntry>');
    const end = template.indexOf('</Ntry>') + '</Ntry>'.length;
    const [head, entry, tail] = [template.slice(0, start), template.slice(start, end), template.slice(end)];
    const count = 50_000;
    let bytes = 0;
    async function* file() {
      yield Buffer.from(head);
      for (let index = 0; index < count; index += 250) {
        let chunk = '';
        for (let offset = index; offset < index + 250; offset += 1) chunk += entry.replace('REF-X', `REF-${offset}`).replace('GS-X', `GS-${offset}`);
        bytes += chunk.length;
        yield Buffer.from(chunk);
      }
      yield Buffer.from(tail);
    }

    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let peak = 0;
    let seen = 0;
    let last = '';
    const { entries } = await readBankFile(file());
    for await (const booking of entries) {
      seen += 1;
      last = (booking as BankBooking).endToEndId ?? '';
      if (seen % 5_000 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
      }
    }
    expect(seen).toBe(count);
    expect(last).toBe(`GS-${count - 1}`);
    expect(bytes).toBeGreaterThan(40_000_000);
    // The file is over 40 MB; what stays alive while reading is one chunk and one entry.
    expect(peak).toBeLessThan(8_000_000);
  }, 120_000);
});
