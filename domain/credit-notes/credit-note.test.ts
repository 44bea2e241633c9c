import { describe, expect, it } from 'vitest';
import { creditNoteMessages } from '../messages/credit-note.messages';
import { trainerSnapshot } from '../trainer-data';
import {
  assertValidCreditNote,
  cancellationOf,
  creditNoteIssuer,
  creditNoteNumber,
  creditNoteProblems,
  creditNoteRecipient,
  creditNoteTotals,
  InvalidCreditNoteError,
  parseCreditNoteNumber,
} from './index';
import { adminLine, classLine, creditNoteDocument, exemptCreditNoteDocument } from './fixtures.test-support';

describe('creditNoteNumber', () => {
  it('pads the sequence to five digits and grows beyond', () => {
    expect(creditNoteNumber('GS', 2026, 42)).toBe('GS-2026-00042');
    expect(creditNoteNumber('GS', 2026, 1)).toBe('GS-2026-00001');
    expect(creditNoteNumber('GS', 2026, 99_999)).toBe('GS-2026-99999');
    expect(creditNoteNumber('GS', 2027, 100_000)).toBe('GS-2027-100000');
  });

  it('refuses what would not be a valid number or SEPA end-to-end id', () => {
    expect(() => creditNoteNumber('GS', 2026, 0)).toThrow(RangeError);
    expect(() => creditNoteNumber('GS', 2026, 1.5)).toThrow(RangeError);
    expect(() => creditNoteNumber('gs', 2026, 1)).toThrow(RangeError);
    expect(() => creditNoteNumber('G S', 2026, 1)).toThrow(RangeError);
    expect(() => creditNoteNumber('GS', 26, 1)).toThrow(RangeError);
  });

  it('parses what it formats, and nothing else', () => {
    expect(parseCreditNoteNumber('GS-2026-00042')).toEqual({ prefix: 'GS', year: 2026, sequence: 42 });
    expect(parseCreditNoteNumber('GS-2027-100000')).toEqual({ prefix: 'GS', year: 2027, sequence: 100_000 });
    for (const sequence of [1, 42, 99_999, 100_000, 1_234_567]) {
      expect(parseCreditNoteNumber(creditNoteNumber('ABC1', 2030, sequence))).toEqual({ prefix: 'ABC1', year: 2030, sequence });
    }
    for (const text of ['GS-2026-42', 'GS-2026-00000', 'GS-2026-000042', 'GS2026-00042', 'gs-2026-00042', 'GS-2026-00042 ', '']) {
      expect(parseCreditNoteNumber(text), text).toBeNull();
    }
  });
});

describe('creditNoteTotals', () => {
  it('sums the lines overall and per VAT rate, VAT taken from the lines as they are', () => {
    const totals = creditNoteTotals(creditNoteDocument());
    // 45.00 + 33.75 - 10.50 at 19 %: VAT 8.55 + 6.41 (6.4125) - 2.00 (1.995) = 12.96; 10.50 at 7 %: 0.74 (0.735).
    expect(totals.byRate).toEqual([
      { vatRateBasisPoints: 700, netCents: 1_050, vatCents: 74, grossCents: 1_124 },
      { vatRateBasisPoints: 1900, netCents: 6_825, vatCents: 1_296, grossCents: 8_121 },
    ]);
    expect(totals).toMatchObject({ netCents: 7_875, vatCents: 1_370, grossCents: 9_245 });
  });

  it('is zero for no lines and a single 0 % rate for an exempt trainer', () => {
    expect(creditNoteTotals({ lines: [] })).toEqual({ netCents: 0, vatCents: 0, grossCents: 0, byRate: [] });
    const totals = creditNoteTotals(exemptCreditNoteDocument());
    expect(totals.byRate).toEqual([{ vatRateBasisPoints: 0, netCents: 7_875, vatCents: 0, grossCents: 7_875 }]);
    expect(totals.grossCents).toBe(7_875);
  });
});

describe('cancellationOf', () => {
  it('negates every amount, keeps everything else and refers to the original', () => {
    const original = creditNoteDocument();
    const cancellation = cancellationOf(original, { number: 'GS-2026-00043', issueDate: '2026-11-20' });
    expect(cancellation).toMatchObject({ documentType: 'cancellation', number: 'GS-2026-00043', cancelsNumber: 'GS-2026-00042', issueDate: '2026-11-20' });
    expect(cancellation.serviceMonth).toBe(original.serviceMonth);
    expect(cancellation.recipient).toEqual(original.recipient);
    cancellation.lines.forEach((line, index) => {
      const before = original.lines[index];
      expect(line).toEqual({ ...before, netCents: -before.netCents, vatCents: -before.vatCents, grossCents: -before.grossCents });
    });
    const totals = creditNoteTotals(cancellation);
    const originalTotals = creditNoteTotals(original);
    expect(totals.grossCents).toBe(-originalTotals.grossCents);
    expect(totals.netCents + originalTotals.netCents).toBe(0);
    expect(totals.vatCents + originalTotals.vatCents).toBe(0);
    expect(creditNoteProblems(cancellation)).toEqual([]);
    // The original is not touched.
    expect(original.documentType).toBe('credit_note');
    expect(original.lines[0].netCents).toBe(4_500);
  });

  it('writes 0, not -0, for a zero amount', () => {
    const cancellation = cancellationOf(exemptCreditNoteDocument(), { number: 'GS-2026-00043', issueDate: '2026-11-20' });
    expect(Object.is(cancellation.lines[0].vatCents, 0)).toBe(true);
  });

  it('cancels only credit notes, under a number of its own', () => {
    const original = creditNoteDocument();
    expect(() => cancellationOf(original, { number: original.number, issueDate: '2026-11-20' })).toThrow(/own number/);
    const cancellation = cancellationOf(original, { number: 'GS-2026-00043', issueDate: '2026-11-20' });
    expect(() => cancellationOf(cancellation, { number: 'GS-2026-00044', issueDate: '2026-11-21' })).toThrow(/Only a credit note/);
  });
});

describe('creditNoteProblems', () => {
  it('accepts the fixtures', () => {
    expect(creditNoteProblems(creditNoteDocument())).toEqual([]);
    expect(creditNoteProblems(exemptCreditNoteDocument())).toEqual([]);
    expect(() => assertValidCreditNote(creditNoteDocument())).not.toThrow();
  });

  it('finds lines whose VAT or gross do not add up, and VAT charged by an exempt trainer', () => {
    const doc = creditNoteDocument({
      lines: [classLine({ netCents: 1_050 }), { ...classLine({ netCents: 1_000 }), vatCents: 191, grossCents: 1_191 }, { ...adminLine('Bonus', 500), grossCents: 600 }],
    });
    expect(creditNoteProblems(doc)).toEqual(['line 2: VAT is not net × rate', 'line 3: gross is not net + VAT']);
    const exempt = exemptCreditNoteDocument();
    expect(creditNoteProblems({ ...exempt, lines: [classLine({ netCents: 100 })] })).toEqual([
      'line 1: the trainer is not liable for VAT, so the rate must be 0',
    ]);
    expect(() => assertValidCreditNote(doc)).toThrow(InvalidCreditNoteError);
  });

  it('requires cancelsNumber exactly on a cancellation, and well-formed dates', () => {
    expect(creditNoteProblems(creditNoteDocument({ documentType: 'cancellation' }))).toHaveLength(1);
    expect(creditNoteProblems(creditNoteDocument({ cancelsNumber: 'GS-2026-00001' }))).toHaveLength(1);
    expect(creditNoteProblems(creditNoteDocument({ issueDate: '5.11.2026' }))[0]).toMatch(/^issueDate/);
  });
});

describe('issuer and recipient blocks', () => {
  it('takes the issuer from the studio group and the recipient from the frozen trainer data', () => {
    expect(
      creditNoteIssuer({ companyName: 'Demo Fitness GmbH', street: 'Hauptstraße', houseNumber: '1', postalCode: '10115', city: 'Berlin', country: 'DE', taxNumber: '', vatId: 'DE123456789' }),
    ).toEqual({ name: 'Demo Fitness GmbH', street: 'Hauptstraße', houseNumber: '1', postalCode: '10115', city: 'Berlin', country: 'DE', taxNumber: null, vatId: 'DE123456789' });

    const snapshot = trainerSnapshot({
      uuid: 'u',
      id: 1,
      sourceId: 'T1',
      firstname: 'Anna',
      lastname: 'Müller',
      companyName: null,
      email: 'anna@example.com',
      street: 'Lindenweg',
      houseNumber: '2a',
      postalCode: '80331',
      city: 'München',
      country: 'DE',
      taxNumber: '143/123/12345',
      taxNumberMandatory: true,
      iban: 'DE02120300000000202051',
      bic: null,
      vatId: null,
      vatLiable: false,
    });
    expect(creditNoteRecipient(snapshot)).toEqual({
      name: 'Anna Müller',
      street: 'Lindenweg',
      houseNumber: '2a',
      postalCode: '80331',
      city: 'München',
      country: 'DE',
      taxNumber: '143/123/12345',
      vatId: null,
      vatLiable: false,
    });
    expect(creditNoteRecipient({ ...snapshot, companyName: 'Anna Yoga UG' }).name).toBe('Anna Yoga UG');
  });
});

describe('credit note messages', () => {
  it('has every text in both languages with the same placeholders', () => {
    const placeholders = (template: string) => [...template.matchAll(/\{(\w+)/g)].map((match) => match[1]).sort();
    for (const [key, text] of Object.entries(creditNoteMessages)) {
      expect(text.de.length, key).toBeGreaterThan(0);
      expect(placeholders(text.de), key).toEqual(placeholders(text.en));
    }
  });

  it('keeps the word Gutschrift off every text a cancellation prints', () => {
    const printedOnCancellation = Object.entries(creditNoteMessages).filter(
      ([key]) => key.startsWith('creditNote.pdf.') && !['creditNote.pdf.title', 'creditNote.pdf.selfBillingNote', 'creditNote.pdf.payment', 'creditNote.pdf.paymentBic'].includes(key),
    );
    for (const [key, text] of printedOnCancellation) expect(`${text.de} ${text.en}`, key).not.toMatch(/gutschrift/i);
  });
});
