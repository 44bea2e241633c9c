import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { StudioGroup } from './studio-group.entity';
import { User } from './user.entity';

/** Admin trainer overview states (spec admin 4); transitions are not shown by the spec. */
export const TRAINER_OVERVIEW_STATES = ['new', 'approved', 'changed', 'rejected', 'pending'] as const;
export type TrainerOverviewState = (typeof TRAINER_OVERVIEW_STATES)[number];

/**
 * A studio group's trainer record, imported from the source system. Personal data may be
 * incomplete: the data check reports such trainers and they cannot be billed until fixed.
 */
export const Trainer = defineEntity({
  name: 'Trainer',
  tableName: 'trainer',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    studioGroup: () => p.manyToOne(StudioGroup),
    /** The trainer's id in the group's source system. */
    sourceId: p.string(),
    firstname: p.string().nullable(),
    lastname: p.string().nullable(),
    email: p.string().nullable(),
    companyName: p.string().nullable(),
    street: p.string().nullable(),
    houseNumber: p.string().nullable(),
    postalCode: p.string().nullable(),
    city: p.string().nullable(),
    country: p.string().nullable(),
    iban: p.string().nullable(),
    bic: p.string().nullable(),
    taxNumber: p.string().nullable(),
    taxNumberMandatory: p.boolean().default(false),
    vatId: p.string().nullable(),
    /** A trainer not liable for VAT is billed at 0 % with the §19 UStG note. */
    vatLiable: p.boolean().default(true),
    isEmployee: p.boolean().default(false),
    /**
     * Self-billing consent (§14 (2) UStG) given outside the portal, e.g. in the signed freelance
     * contract, recorded by staff (who, when). Consent given in the portal lives on the
     * studio-group-trainer link; either one lets the trainer be billed by credit note.
     */
    selfBillingAgreementAt: p.datetime().nullable(),
    selfBillingAgreementBy: () => p.manyToOne(User).nullable(),
    keywords: p.json<string[]>().default([]),
    workflowState: p.enum([...TRAINER_OVERVIEW_STATES]).default('new'),
    /** Set when the trainer changed the IBAN in the portal; cleared when staff approve: until then it is not paid. */
    ibanChangedAt: p.datetime().nullable(),
    /** Staff's last review of the billing data (approved or rejected). */
    reviewedAt: p.datetime().nullable(),
    reviewedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
  uniques: [{ properties: ['studioGroup', 'sourceId'] }],
  // Invitations and account linking find a group's trainer records by e-mail.
  indexes: [{ properties: ['email'] }, { properties: ['studioGroup', 'updatedAt'] }],
});
export type Trainer = InferEntity<typeof Trainer>;
