import type { MikroORM } from '@mikro-orm/postgresql';
import { Mandant, StudioGroup, User } from '../../db/entities';
import { hashPassword } from '../../domain/passwords';

/**
 * A studio group as an operator creates it before anything else happens (process `onboarding`): a
 * name, the company name and the CSV source system, no address, bank data, studios, trainers,
 * classes or rules; and its first admin. Made with the entities, as the operator console would.
 */
export async function createEmptyStudioGroup(orm: MikroORM, { name, apiSlug, adminEmail, locale = 'de' }: { name: string; apiSlug: string; adminEmail: string; locale?: 'de' | 'en' }) {
  const em = orm.em.fork();
  const mandant = em.create(Mandant, { name });
  const group = em.create(StudioGroup, { mandant, name, companyName: `${name} GmbH`, apiSlug, sourceSystem: 'csv', street: '', houseNumber: '', postalCode: '', city: '' });
  em.create(User, { email: adminEmail, passwordHash: await hashPassword('demo1234'), role: 'staff', locale, firstname: 'Nora', lastname: 'Neu', isVerified: true, staffStudioGroups: [group] });
  await em.flush();
  return { uuid: group.uuid, id: group.id };
}
