import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty } from './common';

/** The public site's contact form (spec admin 2.23). */
export const ContactRequest = defineEntity({
  name: 'ContactRequest',
  tableName: 'contact_request',
  properties: (p) => ({
    id: idProperty(),
    company: p.string(),
    firstname: p.string(),
    lastname: p.string(),
    email: p.string(),
    phone: p.string().nullable(),
    message: p.text().nullable(),
    terms: p.boolean(),
    language: p.string(),
    createdAt: createdAtProperty(),
  }),
});
export type ContactRequest = InferEntity<typeof ContactRequest>;
