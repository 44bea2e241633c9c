import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { createdAtProperty, idProperty, uuidProperty } from './common';
import { StudioGroup } from './studio-group.entity';
import { User } from './user.entity';

/** The public site's contact form (spec admin 2.23, 3): a request for sales, handled by an operator. */
export const ContactRequest = defineEntity({
  name: 'ContactRequest',
  tableName: 'contact_request',
  properties: (p) => ({
    id: idProperty(),
    uuid: uuidProperty(),
    company: p.string(),
    firstname: p.string(),
    lastname: p.string(),
    email: p.string(),
    phone: p.string().nullable(),
    message: p.text().nullable(),
    terms: p.boolean(),
    language: p.string(),
    createdAt: createdAtProperty(),
    /** When an operator marked it handled (null: open). */
    handledAt: p.datetime().nullable(),
    handledBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** The studio group an operator created from this request (it is then handled too). */
    convertedStudioGroup: () => p.manyToOne(StudioGroup).nullable().deleteRule('set null'),
  }),
  indexes: [{ properties: ['handledAt', 'createdAt'] }],
});
export type ContactRequest = InferEntity<typeof ContactRequest>;
