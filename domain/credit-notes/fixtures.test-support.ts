import { vatCents } from '../money';
import type { TCreditNoteDocument, TCreditNoteLine } from './document';

// Credit note documents for the tests: a VAT-liable trainer with classes and an admin deduction,
// and builders for exempt trainers and long documents.

export function classLine(overrides: Partial<TCreditNoteLine> & { netCents: number }): TCreditNoteLine {
  const rate = overrides.vatRateBasisPoints ?? 1900;
  const vat = vatCents(overrides.netCents, rate);
  return {
    kind: 'class',
    date: '2026-10-06T16:30:00.000Z',
    studioName: 'Berlin Mitte',
    className: 'Yoga Flow',
    durationMinutes: 60,
    bookedSlots: 12,
    vatRateBasisPoints: rate,
    vatCents: vat,
    grossCents: overrides.netCents + vat,
    ...overrides,
  };
}

export function adminLine(description: string, netCents: number, vatRateBasisPoints = 1900): TCreditNoteLine {
  const vat = vatCents(netCents, vatRateBasisPoints);
  return { kind: 'admin', date: null, studioName: null, className: description, durationMinutes: null, bookedSlots: null, netCents, vatRateBasisPoints, vatCents: vat, grossCents: netCents + vat };
}

export function creditNoteDocument(overrides: Partial<TCreditNoteDocument> = {}): TCreditNoteDocument {
  return {
    documentType: 'credit_note',
    number: 'GS-2026-00042',
    issueDate: '2026-11-05',
    serviceMonth: '2026-10-31',
    locale: 'de',
    issuer: { name: 'Demo Fitness GmbH', street: 'Hauptstraße', houseNumber: '1', postalCode: '10115', city: 'Berlin', country: 'DE', taxNumber: '27/123/45678', vatId: 'DE123456789' },
    recipient: { name: 'Anna Müller', street: 'Lindenweg', houseNumber: '2a', postalCode: '80331', city: 'München', country: 'DE', taxNumber: '143/123/12345', vatId: null, vatLiable: true },
    lines: [
      classLine({ className: 'Yoga Flow', netCents: 4_500, date: '2026-10-06T16:30:00.000Z' }),
      classLine({ className: 'Spinning Power', studioName: 'Hamburg Altona', netCents: 3_375, durationMinutes: 45, bookedSlots: 20, date: '2026-10-27T07:00:00.000Z' }),
      classLine({ className: 'Pilates', netCents: 1_050, vatRateBasisPoints: 700, date: '2026-10-30T17:15:00.000Z' }),
      adminLine('Fahrtkosten', -1_050),
    ],
    payment: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', transferDate: '2026-11-10' },
    ...overrides,
  };
}

/** A VAT-exempt trainer (§19 UStG): every line at 0 %. */
export function exemptCreditNoteDocument(overrides: Partial<TCreditNoteDocument> = {}): TCreditNoteDocument {
  const base = creditNoteDocument();
  return creditNoteDocument({
    recipient: { ...base.recipient, name: 'Ben Klein Yoga', taxNumber: '21/815/08150', vatLiable: false },
    lines: base.lines.map((line) => ({ ...line, vatRateBasisPoints: 0, vatCents: 0, grossCents: line.netCents })),
    ...overrides,
  });
}
