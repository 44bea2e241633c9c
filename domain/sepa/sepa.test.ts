import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPain001, centsToSepaAmount, SepaFileError, toSepaText, toSepaTextMax, type TPain001Input, type TSepaPayment } from './index';
import { SEPA_PAIN_001_XSD } from '../../test/support/e-invoice-validation';

// Every file built here is validated against the pain.001.001.09 XSD with xmllint, as a bank would.
const XSD = SEPA_PAIN_001_XSD;
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sepa-test-'));
afterAll(() => fs.rmSync(tempDir, { recursive: true, force: true }));

let fileCount = 0;
function expectValidAgainstXsd(xml: string): void {
  const file = path.join(tempDir, `pain001-${++fileCount}.xml`);
  fs.writeFileSync(file, xml, 'utf8');
  try {
    execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    throw new Error(`xmllint rejected ${file}:\n${stderr}`, { cause: error });
  }
}

const trainerIbans = ['DE02120300000000202051', 'DE02500105170137075030', 'DE02100100100006820101', 'DE89370400440532013000', 'AT611904300234573201'];

function payment(index: number, overrides: Partial<TSepaPayment> = {}): TSepaPayment {
  return {
    creditNoteNumber: `GS-2026-${String(index + 1).padStart(5, '0')}`,
    amountCents: 10_000 + index,
    serviceMonth: '2026-10-31',
    creditor: {
      name: `Trainer ${index + 1}`,
      address: { street: 'Lindenweg', houseNumber: String(index + 1), postalCode: '80331', city: 'München', country: 'DE' },
      iban: trainerIbans[index % trainerIbans.length],
      bic: null,
    },
    ...overrides,
  };
}

function input(payments: TSepaPayment[], overrides: Partial<TPain001Input> = {}): TPain001Input {
  return {
    messageId: 'CNR-0b6f5a1c-2026-10',
    createdAt: '2026-11-05T10:15:00+01:00',
    executionDate: '2026-11-10',
    debtor: {
      name: 'Demo Fitness GmbH',
      address: { street: 'Hauptstraße', houseNumber: '1', postalCode: '10115', city: 'Berlin', country: 'DE' },
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
    },
    payments,
    ...overrides,
  };
}

const all = (xml: string, element: string) => [...xml.matchAll(new RegExp(`<${element}(?: [^>]*)?>([^<]*)</${element}>`, 'g'))].map((match) => match[1]);
/** '1234.56' → 123456, exactly (no float parsing). */
const amountToCents = (text: string) => {
  const [euros, cents] = text.split('.');
  expect(cents).toHaveLength(2);
  return Number(euros) * 100 + Number(cents);
};

describe('buildPain001', () => {
  it('builds a valid file for one payment, with the credit note number as end-to-end id', () => {
    const xml = buildPain001(input([payment(41, { amountCents: 123_456_789 })]));
    expectValidAgainstXsd(xml);
    expect(xml).toContain('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">');
    expect(all(xml, 'MsgId')).toEqual(['CNR-0b6f5a1c-2026-10']);
    expect(all(xml, 'CreDtTm')).toEqual(['2026-11-05T10:15:00+01:00']);
    expect(all(xml, 'PmtInfId')).toEqual(['CNR-0b6f5a1c-2026-10']);
    expect(all(xml, 'NbOfTxs')).toEqual(['1', '1']);
    expect(all(xml, 'CtrlSum')).toEqual(['1234567.89', '1234567.89']);
    expect(all(xml, 'InstdAmt')).toEqual(['1234567.89']);
    expect(xml).toContain('<InstdAmt Ccy="EUR">1234567.89</InstdAmt>');
    expect(all(xml, 'EndToEndId')).toEqual(['GS-2026-00042']);
    expect(all(xml, 'Ustrd')).toEqual(['Gutschrift GS-2026-00042 10/2026']);
    expect(all(xml, 'Dt')).toEqual(['2026-11-10']);
    expect(all(xml, 'PmtMtd')).toEqual(['TRF']);
    expect(all(xml, 'BtchBookg')).toEqual(['true']);
    expect(all(xml, 'ChrgBr')).toEqual(['SLEV']);
    expect(all(xml, 'Cd')).toEqual(['SEPA']);
    // Debtor: structured address, IBAN in electronic format, its BIC; creditor without BIC has no agent.
    expect(all(xml, 'StrtNm')).toEqual(['Hauptstrasse', 'Lindenweg']);
    expect(all(xml, 'BldgNb')).toEqual(['1', '42']);
    expect(all(xml, 'PstCd')).toEqual(['10115', '80331']);
    expect(all(xml, 'TwnNm')).toEqual(['Berlin', 'Muenchen']);
    expect(all(xml, 'Ctry')).toEqual(['DE', 'DE']);
    expect(all(xml, 'IBAN')).toEqual(['DE89370400440532013000', 'DE02500105170137075030']);
    expect(all(xml, 'BICFI')).toEqual(['COBADEFFXXX']);
    expect(xml).not.toContain('CdtrAgt');
  });

  it('says NOTPROVIDED for a debtor without BIC and names the creditor agent when the BIC is known', () => {
    const base = input([payment(0, { creditor: { ...payment(0).creditor, bic: 'bylade m1001' } })]);
    const xml = buildPain001({ ...base, debtor: { ...base.debtor, bic: null } });
    expectValidAgainstXsd(xml);
    expect(xml).toMatch(/<DbtrAgt>\s*<FinInstnId>\s*<Othr>\s*<Id>NOTPROVIDED<\/Id>/);
    expect(xml).toMatch(/<CdtrAgt>\s*<FinInstnId>\s*<BICFI>BYLADEM1001<\/BICFI>/);
  });

  it('builds 250 payments whose control sum is the exact sum of the amounts', () => {
    const payments = Array.from({ length: 250 }, (_, index) => payment(index, { amountCents: index === 0 ? 1 : index * 12_345 + (index % 100) }));
    const xml = buildPain001(input(payments));
    expectValidAgainstXsd(xml);
    const amounts = all(xml, 'InstdAmt').map(amountToCents);
    expect(amounts).toEqual(payments.map((entry) => entry.amountCents));
    const sum = payments.reduce((total, entry) => total + entry.amountCents, 0);
    expect(all(xml, 'CtrlSum').map(amountToCents)).toEqual([sum, sum]);
    expect(all(xml, 'CtrlSum')[0]).toBe(centsToSepaAmount(sum));
    expect(all(xml, 'NbOfTxs')).toEqual(['250', '250']);
    expect(all(xml, 'InstdAmt')[0]).toBe('0.01');
    expect(new Set(all(xml, 'EndToEndId')).size).toBe(250);
  });

  it('writes names and addresses in the SEPA character set, names cut to 70 characters', () => {
    const longName = `Zoë Ångström-Weiß & Söhne Trainingsgesellschaft für Bewegung und Gesundheit mbH`;
    const xml = buildPain001(
      input([
        payment(0, {
          creditor: {
            name: 'Jürgen Öztürk-Weiß',
            address: { street: 'Straße des 17. Juni', houseNumber: '12a', postalCode: '10623', city: 'Düsseldorf', country: 'DE' },
            iban: 'DE02120300000000202051',
            bic: null,
          },
        }),
        payment(1, { creditor: { ...payment(1).creditor, name: longName, address: { street: null, houseNumber: null, postalCode: null, city: 'Łódź', country: 'PL' } } }),
        payment(2, { creditor: { ...payment(2).creditor, name: "Seán O'Brien <Yoga> \"Flow\"" } }),
      ]),
    );
    expectValidAgainstXsd(xml);
    const names = all(xml, 'Nm');
    expect(names[2]).toBe('Juergen Oeztuerk-Weiss');
    expect(names[3]).toBe(toSepaText(longName).slice(0, 70).trimEnd());
    expect(names[3].length).toBeLessThanOrEqual(70);
    expect(names[3].startsWith('Zoe Angstroem-Weiss + Soehne')).toBe(true);
    expect(names[4]).toBe("Sean O'Brien (Yoga) 'Flow'");
    expect(all(xml, 'TwnNm')).toEqual(['Berlin', 'Duesseldorf', 'Lodz', 'Muenchen']);
    expect(xml).not.toMatch(/[^ -~\s]/); // printable ASCII only
  });

  it('has a schema check that really rejects a broken file', () => {
    const xml = buildPain001(input([payment(0)]));
    expect(() => expectValidAgainstXsd(xml.replace('<PmtMtd>TRF</PmtMtd>', '<PmtMtd>XXX</PmtMtd>'))).toThrow(/xmllint rejected/);
  });

  it('is deterministic: the same input gives the same file', () => {
    const payments = [payment(0), payment(1)];
    expect(buildPain001(input(payments))).toBe(buildPain001(input(payments)));
  });

  it('uses a given remittance text, cut to 140 characters', () => {
    const xml = buildPain001(input([payment(0, { remittanceInformation: `Korrektur ${'x'.repeat(200)}` })]));
    expectValidAgainstXsd(xml);
    expect(all(xml, 'Ustrd')[0]).toHaveLength(140);
  });

  const refusal = (build: () => unknown): SepaFileError => {
    try {
      build();
    } catch (error) {
      expect(error).toBeInstanceOf(SepaFileError);
      return error as SepaFileError;
    }
    throw new Error('expected a SepaFileError');
  };

  it('refuses a file without payments', () => {
    expect(refusal(() => buildPain001(input([]))).messageKey).toBe('sepa.noPayments');
  });

  it('refuses an invalid IBAN and names the payment', () => {
    const bad = payment(6, { creditor: { ...payment(6).creditor, name: 'Anna Müller', iban: 'DE02120300000000202052' } });
    const error = refusal(() => buildPain001(input([payment(0), bad])));
    expect(error.messageKey).toBe('sepa.invalidIban');
    expect(error.paymentIndex).toBe(1);
    expect(error.message).toBe('Payment GS-2026-00007: the IBAN of Anna Müller is not a valid IBAN of a SEPA country.');
    const debtorError = refusal(() => buildPain001({ ...input([payment(0)]), debtor: { ...input([]).debtor, iban: 'DE00' } }));
    expect(debtorError.paymentIndex).toBeNull();
    expect(debtorError.message).toContain('Debtor');
  });

  it('refuses an amount of zero or less, and fractional cents', () => {
    for (const amountCents of [0, -100]) {
      const error = refusal(() => buildPain001(input([payment(0), payment(1, { amountCents })])));
      expect(error.messageKey).toBe('sepa.amountNotPositive');
      expect(error.message).toContain('GS-2026-00002');
    }
    expect(refusal(() => buildPain001(input([payment(0, { amountCents: 10.5 })]))).paymentIndex).toBe(0);
  });

  it('refuses a credit note number twice, an invalid BIC, and a message id too long for the bank', () => {
    expect(refusal(() => buildPain001(input([payment(0), payment(0)]))).messageKey).toBe('sepa.duplicateEndToEndId');
    expect(refusal(() => buildPain001(input([payment(0, { creditor: { ...payment(0).creditor, bic: 'NOBIC' } })]))).messageKey).toBe('sepa.invalidBic');
    expect(refusal(() => buildPain001(input([payment(0)], { messageId: 'x'.repeat(36) }))).messageKey).toBe('sepa.invalidField');
    expect(refusal(() => buildPain001(input([payment(0, { creditor: { ...payment(0).creditor, name: '张伟' } })]))).message).toContain('GS-2026-00001');
  });
});

describe('SEPA text', () => {
  it('writes umlauts the German way and drops other accents', () => {
    expect(toSepaText('Müller Öztürk Weiß ÄÖÜ')).toBe('Mueller Oeztuerk Weiss AeOeUe');
    expect(toSepaText('José Françoise Dvořák Łukasz')).toBe('Jose Francoise Dvorak Lukasz');
    expect(toSepaText('A & B  GmbH\n€ 5!')).toBe('A + B GmbH EUR 5.');
    expect(toSepaText('张伟')).toBe('');
    expect(toSepaTextMax('Müller', 4)).toBe('Muel');
    expect(toSepaTextMax('ab cd', 3)).toBe('ab');
  });

  it('writes cents as a two-decimal string', () => {
    expect(centsToSepaAmount(1)).toBe('0.01');
    expect(centsToSepaAmount(10)).toBe('0.10');
    expect(centsToSepaAmount(123_456_789)).toBe('1234567.89');
    expect(centsToSepaAmount(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(() => centsToSepaAmount(-1)).toThrow(RangeError);
  });
});
