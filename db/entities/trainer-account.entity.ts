import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { E_INVOICE_FORMATS } from '../../domain/e-invoice/format';
import { LOCALES, createdAtProperty, idProperty, updatedAtProperty, uuidProperty } from './common';
import { User } from './user.entity';

/**
 * The portal trainer's own personal data (trainer portal, section 3), one per trainer user. It is
 * linked to the studio groups' trainer records through StudioGroupTrainer. Everything but the name
 * and e-mail may be missing until the trainer fills in the profile.
 */
export const TrainerAccount = defineEntity({
  name: 'TrainerAccount',
  tableName: 'trainer_account',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    user: () => p.oneToOne(User).owner().unique().deleteRule('cascade'),
    firstname: p.string(),
    lastname: p.string(),
    email: p.string(),
    phone: p.string().nullable(),
    companyName: p.string().nullable(),
    street: p.string().nullable(),
    house: p.string().nullable(),
    zip: p.string().nullable(),
    city: p.string().nullable(),
    country: p.string().nullable(),
    language: p.enum([...LOCALES]).default('de'),
    /** Electronic format (no spaces), normalised before saving. */
    iban: p.string().nullable(),
    bic: p.string().nullable(),
    isTaxRelevant: p.boolean().default(false),
    taxNumber: p.string().nullable(),
    vatId: p.string().nullable(),
    recommendationCode: p.string().nullable().unique(),
    /** What the credit-note e-mail carries: pdf, hybrid (default) or xrechnung. */
    eInvoiceFormat: p.enum([...E_INVOICE_FORMATS]).default('hybrid'),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  }),
});
export type TrainerAccount = InferEntity<typeof TrainerAccount>;
