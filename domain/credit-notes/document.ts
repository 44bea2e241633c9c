import { z } from 'zod';
import { sumTotals, vatCents, type MoneyTotals } from '../money';
import { trainerDisplayName, type TrainerSnapshot } from '../trainer-data';

// The content of one credit note ("Gutschrift", §14 UStG) or of the document cancelling one, frozen
// at issue: the PDF, the e-invoice and the SEPA row are all rendered from this model, never from
// live records, so an issued document never changes (DESIGN "Domain rules"). Every amount is integer
// cents with VAT per line; totals are sums of the lines, so the PDF, the SEPA file and the CSV
// reconcile to the cent.

const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const ZCents = z.number().int();

export const ZCreditNoteParty = z.object({
  /** The company name (issuer), or the trainer's company name or first and last name. */
  name: z.string().min(1),
  street: z.string(),
  houseNumber: z.string(),
  postalCode: z.string(),
  city: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string().length(2),
  taxNumber: z.string().nullable(),
  vatId: z.string().nullable(),
  /** Contact for the e-invoice (XRechnung BG-6, BT-34/BT-49); absent on documents issued before e-invoices. */
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
});
export type TCreditNoteParty = z.infer<typeof ZCreditNoteParty>;

export const ZCreditNoteRecipient = ZCreditNoteParty.extend({ vatLiable: z.boolean() });
export type TCreditNoteRecipient = z.infer<typeof ZCreditNoteRecipient>;

export const ZCreditNoteLine = z.object({
  kind: z.enum(['class', 'admin']),
  /** The class start as an ISO 8601 instant; null for an admin line. */
  date: z.string().nullable(),
  studioName: z.string().nullable(),
  /** The class name, or an admin position's description. */
  className: z.string(),
  durationMinutes: z.number().int().nullable(),
  bookedSlots: z.number().int().nullable(),
  netCents: ZCents,
  vatRateBasisPoints: z.number().int().min(0),
  vatCents: ZCents,
  grossCents: ZCents,
});
export type TCreditNoteLine = z.infer<typeof ZCreditNoteLine>;

export const ZCreditNoteDocument = z.object({
  documentType: z.enum(['credit_note', 'cancellation']),
  number: z.string().min(1),
  /** The number of the credit note a cancellation cancels; absent on a credit note. */
  cancelsNumber: z.string().min(1).optional(),
  /** The issue date of the cancelled credit note (the e-invoice's BT-26); absent on older cancellations. */
  cancelsIssueDate: ZIsoDate.optional(),
  issueDate: ZIsoDate,
  /** The settlement month as its last day. */
  serviceMonth: ZIsoDate,
  /** The trainer's language. */
  locale: z.enum(['de', 'en']),
  /** The studio group (service recipient, who issues the self-billed invoice). */
  issuer: ZCreditNoteParty,
  /** The trainer (the supplier of the service). */
  recipient: ZCreditNoteRecipient,
  lines: z.array(ZCreditNoteLine),
  payment: z.object({ iban: z.string().min(1), bic: z.string().nullable(), transferDate: ZIsoDate }),
});
export type TCreditNoteDocument = z.infer<typeof ZCreditNoteDocument>;

export type TCreditNoteRateTotals = MoneyTotals & { vatRateBasisPoints: number };
export type TCreditNoteTotals = MoneyTotals & { byRate: TCreditNoteRateTotals[] };

/** Sums of the lines, overall and per VAT rate (ascending by rate). */
export function creditNoteTotals(doc: Pick<TCreditNoteDocument, 'lines'>): TCreditNoteTotals {
  const linesByRate = new Map<number, TCreditNoteLine[]>();
  for (const line of doc.lines) {
    const lines = linesByRate.get(line.vatRateBasisPoints) ?? [];
    lines.push(line);
    linesByRate.set(line.vatRateBasisPoints, lines);
  }
  const byRate = [...linesByRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([vatRateBasisPoints, lines]) => ({ vatRateBasisPoints, ...sumTotals(lines) }));
  return { ...sumTotals(doc.lines), byRate };
}

/**
 * The cancelling document of an issued credit note: the original's lines with every amount negated,
 * so original + cancellation sum to zero line by line. Issuer, recipient and service month stay the
 * original's; the caller assigns the new number and the issue date.
 */
export function cancellationOf(original: TCreditNoteDocument, { number, issueDate }: { number: string; issueDate: string }): TCreditNoteDocument {
  if (original.documentType !== 'credit_note') throw new Error(`Only a credit note can be cancelled; ${original.number} is a ${original.documentType}.`);
  if (number === original.number) throw new Error(`A cancellation needs its own number, not ${number} of the original.`);
  const negate = (cents: number) => 0 - cents; // 0 - 0 is 0, not -0
  return {
    ...original,
    documentType: 'cancellation',
    number,
    cancelsNumber: original.number,
    cancelsIssueDate: original.issueDate,
    issueDate,
    lines: original.lines.map((line) => ({
      ...line,
      netCents: negate(line.netCents),
      vatCents: negate(line.vatCents),
      grossCents: negate(line.grossCents),
    })),
  };
}

/**
 * What is wrong with a document (empty when nothing): the checks that keep a malformed document
 * from being issued, since an issued one can never be changed.
 */
export function creditNoteProblems(doc: TCreditNoteDocument): string[] {
  const parsed = ZCreditNoteDocument.safeParse(doc);
  if (!parsed.success) return parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  const problems: string[] = [];
  if (doc.documentType === 'cancellation' && !doc.cancelsNumber) problems.push('a cancellation must name the credit note it cancels (cancelsNumber)');
  if (doc.documentType === 'credit_note' && doc.cancelsNumber) problems.push('a credit note cancels nothing (cancelsNumber must be absent)');
  doc.lines.forEach((line, index) => {
    // VAT per line, rounded half away from zero, so a cancellation's negated line is consistent too.
    if (line.vatCents !== vatCents(line.netCents, line.vatRateBasisPoints)) problems.push(`line ${index + 1}: VAT is not net × rate`);
    if (line.grossCents !== line.netCents + line.vatCents) problems.push(`line ${index + 1}: gross is not net + VAT`);
    if (!doc.recipient.vatLiable && line.vatRateBasisPoints !== 0) problems.push(`line ${index + 1}: the trainer is not liable for VAT, so the rate must be 0`);
  });
  return problems;
}

export class InvalidCreditNoteError extends Error {
  constructor(
    readonly number: string,
    readonly problems: readonly string[],
  ) {
    super(`Credit note ${number} is not valid: ${problems.join('; ')}`);
    this.name = 'InvalidCreditNoteError';
  }
}

/** Throws InvalidCreditNoteError listing every problem. */
export function assertValidCreditNote(doc: TCreditNoteDocument): void {
  const problems = creditNoteProblems(doc);
  if (problems.length > 0) throw new InvalidCreditNoteError(doc.number, problems);
}

/** The issuer block from the studio group's record (its company name, address and tax data). */
export function creditNoteIssuer(group: {
  companyName: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  country: string;
  taxNumber?: string | null;
  vatId?: string | null;
}): TCreditNoteParty {
  return {
    name: group.companyName,
    street: group.street,
    houseNumber: group.houseNumber,
    postalCode: group.postalCode,
    city: group.city,
    country: group.country,
    taxNumber: group.taxNumber || null,
    vatId: group.vatId || null,
  };
}

/** The recipient block from the trainer data frozen at preparation (company name, else first + last name). */
export function creditNoteRecipient(trainer: TrainerSnapshot): TCreditNoteRecipient {
  return {
    name: trainerDisplayName(trainer),
    street: trainer.street ?? '',
    houseNumber: trainer.houseNumber ?? '',
    postalCode: trainer.postalCode ?? '',
    city: trainer.city ?? '',
    country: trainer.country ?? 'DE',
    taxNumber: trainer.taxNumber || null,
    vatId: trainer.vatId || null,
    vatLiable: trainer.vatLiable,
  };
}
