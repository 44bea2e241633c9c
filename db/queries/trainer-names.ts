import type { EntityManager } from '@mikro-orm/postgresql';
import { Trainer, type StudioGroup } from '../entities';
import { trainerDisplayName } from '../../domain/trainer-data';

/** How the screens name these trainers (company, else first and last name), for refusals that name one. */
export async function trainerNamesOf(em: EntityManager, group: StudioGroup, trainerUuids: readonly string[]): Promise<Map<string, string>> {
  const trainers = await em.find(Trainer, { studioGroup: group, uuid: { $in: [...trainerUuids] } });
  return new Map(trainers.map((trainer) => [trainer.uuid, trainerDisplayName(trainer)]));
}
