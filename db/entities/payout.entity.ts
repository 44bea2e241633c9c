import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { BankFile } from './bank-file.entity';
import { CreditNote } from './credit-note.entity';
import { SettlementRun } from './settlement-run.entity';
import { StudioGroup } from './studio-group.entity';
import { Trainer } from './trainer.entity';

export const PAYOUT_STATUSES = ['open', 'paid', 'rejected', 'returned'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * One SEPA payment TrainerPay wrote (DESIGN "Payouts"): the credit note is the invoice, this is
 * its payment. Written where the SEPA file is built, under the end-to-end id the file carries, so
 * the bank's files (camt.053/054, pain.002) match it back. A rejected or returned payout stays as
 * the bank left it; its repayment is a new row (`repays` → this one, unique: paid again once).
 */
export const Payout = defineEntity({
  name: 'Payout',
  tableName: 'payout',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    studioGroup: () => p.manyToOne(StudioGroup),
    creditNote: () => p.manyToOne(CreditNote),
    /** The credit-note run whose SEPA file carried this payment; null for a "pay again" file of its own. */
    settlementRun: () => p.manyToOne(SettlementRun).nullable(),
    trainer: () => p.manyToOne(Trainer),
    /** The credit note number, `-R1` appended for its repayment. */
    endToEndId: p.string(),
    amountCents: p.integer(),
    creditorIban: p.string(),
    creditorName: p.string(),
    sepaMessageId: p.string(),
    sepaPaymentInfoId: p.string(),
    /** The SEPA file that carried it, relative to DATA_DIR. */
    sepaFilePath: p.string().nullable(),
    status: p.enum([...PAYOUT_STATUSES]).default('open'),
    /** The booking date of the bank's last word on it (YYYY-MM-DD). */
    bookingDate: p.date().nullable(),
    bankReference: p.string().nullable(),
    /** ISO 20022 reason code of a reject or return (AC04, MS03, …). */
    reasonCode: p.string().nullable(),
    /** The bank's own additional text, as it sent it. */
    reasonText: p.text().nullable(),
    feeCents: p.integer().nullable(),
    /** What came back of a returned payout in cents (the banks' fees may be kept on the way back); null otherwise. */
    returnedCents: p.integer().nullable(),
    /** The run whose accounting e-mail handed this payout's rejection or return to the accountant (decision 0150): handed off once. */
    returnHandoffRun: () => p.manyToOne(SettlementRun).nullable(),
    /** For a repayment: the run whose accounting e-mail handed it to the accountant beside the return it pays again. */
    repaymentHandoffRun: () => p.manyToOne(SettlementRun).nullable(),
    /** The bank file that set the status. */
    bankFile: () => p.manyToOne(BankFile).nullable(),
    repays: () => p.manyToOne(Payout).nullable().unique(),
    /** When the trainer was told (portal and e-mail) that this payout failed: told once. */
    failureNotifiedAt: p.datetime().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  uniques: [{ properties: ['studioGroup', 'endToEndId'] }],
  indexes: [
    { properties: ['creditNote'] },
    { properties: ['studioGroup', 'status'] },
    { properties: ['trainer'] },
    { properties: ['settlementRun'] },
  ],
});
export type Payout = InferEntity<typeof Payout>;
