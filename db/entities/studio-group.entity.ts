import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { type AccountingFileType, type Locale, createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { Mandant } from './mandant.entity';

export const SOURCE_SYSTEMS = ['demo', 'csv'] as const;
export type SourceSystem = (typeof SOURCE_SYSTEMS)[number];

/**
 * A studio group: the company that pays its trainers. Its address, tax data and bank account are
 * the issuer side of every credit note (§14 UStG) and the debtor of the SEPA file.
 */
export const StudioGroup = defineEntity({
  name: 'StudioGroup',
  tableName: 'studio_group',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    mandant: () => p.manyToOne(Mandant),
    name: p.string(),
    companyName: p.string(),
    /** The group's key in API paths, e.g. `demo-fitness`. */
    apiSlug: p.string().unique(),
    sourceSystem: p.enum([...SOURCE_SYSTEMS]),
    street: p.string(),
    houseNumber: p.string(),
    postalCode: p.string(),
    city: p.string(),
    /** ISO 3166-1 alpha-2. */
    country: p.string().length(2).default('DE'),
    taxNumber: p.string().nullable(),
    vatId: p.string().nullable(),
    iban: p.string().nullable(),
    bic: p.string().nullable(),
    accountingEmail: p.string().nullable(),
    /** Which files the accountant's e-mail carries (spec: accountingFiles). */
    accountingFiles: p.json<AccountingFileType[]>().default([]),
    /** VAT rate for VAT-liable trainers, in basis points (1900 = 19 %). */
    vatRateBasisPoints: p.integer().default(1900),
    /** Credit note numbers read `{prefix}-{year}-{number}`. */
    creditNotePrefix: p.string().default('GS'),
    logoPath: p.string().nullable(),
    /** DATEV export: chart of accounts; null until the accountant's numbers are set. */
    datevChart: p.enum(['SKR03', 'SKR04'] as const).nullable(),
    /** Beraternummer and Mandantennummer of the group's accountant at DATEV. */
    datevConsultantNumber: p.integer().nullable(),
    datevClientNumber: p.integer().nullable(),
    /** First month of the fiscal year (1 = January). */
    datevFiscalYearStartMonth: p.integer().default(1),
    /** The expense account of the trainers' fees (its length is the Sachkontenlänge). */
    datevExpenseAccount: p.integer().nullable(),
    /** The trainers' creditor accounts: start + the trainer record's id (stable, never another trainer's). */
    datevCreditorRangeStart: p.integer().nullable(),
    datevCreditorRangeEnd: p.integer().nullable(),
    /** The languages the group's staff and trainers are addressed in; the first is the default of new invitations. */
    languages: p.json<Locale[]>().default(['de', 'en']),
    /**
     * When an operator marked the group live (docs/decisions/0125): null while it is being set up,
     * unless its first credit-note run already made it live.
     */
    liveAt: p.datetime().nullable(),
    /** While set, the group's staff change nothing (reads and downloads go on, trainers keep their credit notes). */
    suspendedAt: p.datetime().nullable(),
    suspensionReason: p.text().nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
});
export type StudioGroup = InferEntity<typeof StudioGroup>;
