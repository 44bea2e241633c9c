import type { EntityManager } from '@mikro-orm/postgresql';
import { Studio, StudioGroup, Trainer, TrainerSourceAlias } from './entities';
import type { SourceStudio, SourceSystemConnector, SourceTrainer } from '../domain/source-systems/connector';

export type UpsertStudiosAndTrainersInput = {
  em: EntityManager;
  studioGroup: StudioGroup;
  connector: SourceSystemConnector;
};

const uniqueBySourceId = <T extends { sourceId: string }>(items: T[]): T[] => [
  ...new Map(items.map((item) => [item.sourceId, item])).values(),
];

const present = (text: string | null | undefined): text is string => typeof text === 'string' && text.trim() !== '';

/**
 * Brings the studio group's studios and trainers in line with its source system, keyed by
 * (studio group, source id): safe to run again, by the seed and before every class import.
 *
 * A new trainer gets everything the source knows. An existing trainer only gets name and e-mail
 * refreshed: address, bank and tax data are maintained in TrainerPay (by the trainer or the
 * admin) and are the truth there, so an import must never overwrite them. Studios take name and
 * city from the source.
 *
 * Flushes; returns how many studios and trainers the source lists.
 */
export async function upsertStudiosAndTrainers({
  em,
  studioGroup,
  connector,
}: UpsertStudiosAndTrainersInput): Promise<{ studios: number; trainers: number }> {
  const sourceStudios = uniqueBySourceId(await connector.listStudios());
  const sourceTrainers = uniqueBySourceId(await connector.listTrainers());

  await upsertStudios(em, studioGroup, sourceStudios);
  await upsertTrainers(em, studioGroup, sourceTrainers);
  await em.flush();
  return { studios: sourceStudios.length, trainers: sourceTrainers.length };
}

async function upsertStudios(em: EntityManager, studioGroup: StudioGroup, sourceStudios: SourceStudio[]) {
  if (sourceStudios.length === 0) return;
  const existing = await em.find(Studio, { studioGroup, sourceId: { $in: sourceStudios.map((studio) => studio.sourceId) } });
  const bySourceId = new Map(existing.map((studio) => [studio.sourceId, studio]));
  for (const source of sourceStudios) {
    const studio = bySourceId.get(source.sourceId);
    if (!studio) {
      em.create(Studio, { studioGroup, sourceId: source.sourceId, name: source.name, city: source.city });
      continue;
    }
    if (present(source.name)) studio.name = source.name;
    if (present(source.city)) studio.city = source.city;
  }
}

/**
 * The trainer ids of source-system trainer ids: a record's own source id, or one a merge folded into
 * it (trainer_source_alias), so a merged-away id lands on the kept trainer. Unknown ids are missing.
 */
export async function trainerIdsBySourceId(em: EntityManager, studioGroup: StudioGroup | number, sourceIds: Iterable<string>): Promise<Map<string, number>> {
  const wanted = [...new Set(sourceIds)];
  if (wanted.length === 0) return new Map();
  const [trainers, aliases] = await Promise.all([
    em.find(Trainer, { studioGroup, sourceId: { $in: wanted } }, { fields: ['id', 'sourceId'] }),
    em.find(TrainerSourceAlias, { studioGroup, sourceId: { $in: wanted } }, { fields: ['sourceId', 'trainer'] }),
  ]);
  return new Map([...aliases.map((alias) => [alias.sourceId, alias.trainer.id] as const), ...trainers.map((trainer) => [trainer.sourceId, trainer.id] as const)]);
}

async function upsertTrainers(em: EntityManager, studioGroup: StudioGroup, sourceTrainers: SourceTrainer[]) {
  // A source id merged into another record (trainer_source_alias) is that record now: not created again.
  const aliases = await em.find(TrainerSourceAlias, { studioGroup, sourceId: { $in: sourceTrainers.map((trainer) => trainer.sourceId) } }, { fields: ['sourceId'] });
  const merged = new Set(aliases.map((alias) => alias.sourceId));
  sourceTrainers = sourceTrainers.filter((trainer) => !merged.has(trainer.sourceId));
  if (sourceTrainers.length === 0) return;
  const existing = await em.find(Trainer, { studioGroup, sourceId: { $in: sourceTrainers.map((trainer) => trainer.sourceId) } });
  const bySourceId = new Map(existing.map((trainer) => [trainer.sourceId, trainer]));
  for (const source of sourceTrainers) {
    const trainer = bySourceId.get(source.sourceId);
    if (!trainer) {
      em.create(Trainer, {
        studioGroup,
        sourceId: source.sourceId,
        firstname: source.firstname || null,
        lastname: source.lastname || null,
        email: source.email,
        companyName: source.companyName,
        street: source.street,
        houseNumber: source.houseNumber,
        postalCode: source.postalCode,
        city: source.city,
        country: source.country,
        iban: source.iban,
        bic: source.bic,
        taxNumber: source.taxNumber,
        taxNumberMandatory: source.taxNumberMandatory,
        vatId: source.vatId,
        vatLiable: source.vatLiable,
        isEmployee: source.isEmployee,
      });
      continue;
    }
    // An empty value in the source is a gap there, not a deletion: keep what TrainerPay has.
    if (present(source.firstname)) trainer.firstname = source.firstname;
    if (present(source.lastname)) trainer.lastname = source.lastname;
    if (present(source.email)) trainer.email = source.email;
  }
}
