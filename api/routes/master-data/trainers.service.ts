import { Studio, StudioGroupTrainer, Trainer, type StudioGroup } from '../../../db/entities';
import { checkTrainerData, trainerBillingDataOf, trainerName } from '../../../domain/trainer-data';
import type { TTrainerDetail, TTrainerListItem, TUpdateTrainerValues } from '../../../contracts/trainer.contract';
import { notFound } from '../../http/errors';
import { requestEntityManager } from '../../http/entity-manager';

type TrainerStudio = { uuid: string; name: string };

/** Studios where each trainer of the group taught an imported class (as the main trainer), by trainer id. */
async function studiosByTrainer(studioGroup: StudioGroup, trainerIds?: number[]): Promise<Map<number, TrainerStudio[]>> {
  const em = requestEntityManager();
  const params: unknown[] = [studioGroup.id];
  let onlySome = '';
  if (trainerIds) {
    if (trainerIds.length === 0) return new Map();
    onlySome = ` and c.trainer_id in (${trainerIds.map(() => '?').join(', ')})`;
    params.push(...trainerIds);
  }
  const rows = await em.execute<{ trainer_id: number; studio_id: number }[]>(
    `select distinct c.trainer_id, c.studio_id from studio_class c where c.studio_group_id = ? and c.trainer_id is not null${onlySome}`,
    params,
  );
  const studios = new Map((await em.find(Studio, { studioGroup })).map((studio) => [studio.id, { uuid: studio.uuid, name: studio.name }]));
  const byTrainer = new Map<number, TrainerStudio[]>();
  for (const row of rows) {
    const studio = studios.get(row.studio_id);
    if (!studio) continue;
    const list = byTrainer.get(row.trainer_id) ?? [];
    list.push(studio);
    byTrainer.set(row.trainer_id, list);
  }
  for (const list of byTrainer.values()) list.sort((a, b) => a.name.localeCompare(b.name, 'de'));
  return byTrainer;
}

async function connectedTrainerIds(studioGroup: StudioGroup): Promise<Set<number>> {
  const links = await requestEntityManager().find(StudioGroupTrainer, { studioGroup }, { fields: ['trainer'] });
  return new Set(links.map((link) => link.trainer.id));
}

function toListItem(trainer: Trainer, studios: TrainerStudio[], accountConnected: boolean): TTrainerListItem {
  return {
    id: trainer.id,
    uuid: trainer.uuid,
    sourceId: trainer.sourceId,
    name: trainerName(trainer),
    firstname: trainer.firstname ?? null,
    lastname: trainer.lastname ?? null,
    companyName: trainer.companyName ?? null,
    email: trainer.email ?? null,
    studios,
    vatLiable: trainer.vatLiable,
    dataCompleteness: checkTrainerData(trainer),
    accountConnected,
    updatedAt: trainer.updatedAt.toISOString(),
  };
}

function toDetail(trainer: Trainer, studios: TrainerStudio[], accountConnected: boolean): TTrainerDetail {
  return {
    ...toListItem(trainer, studios, accountConnected),
    ...trainerBillingDataOf(trainer),
  };
}

export async function listTrainers(studioGroup: StudioGroup): Promise<TTrainerListItem[]> {
  const trainers = await requestEntityManager().find(Trainer, { studioGroup }, { orderBy: { lastname: 'asc', firstname: 'asc', id: 'asc' } });
  const [studios, connected] = await Promise.all([studiosByTrainer(studioGroup), connectedTrainerIds(studioGroup)]);
  return trainers.map((trainer) => toListItem(trainer, studios.get(trainer.id) ?? [], connected.has(trainer.id)));
}

/** A trainer of this studio group; one of another group answers 404 exactly like a missing one. */
async function findTrainer(studioGroup: StudioGroup, id: number): Promise<Trainer> {
  const trainer = await requestEntityManager().findOne(Trainer, { id, studioGroup });
  if (!trainer) throw notFound('masterData.trainerNotFound');
  return trainer;
}

async function detailOf(studioGroup: StudioGroup, trainer: Trainer): Promise<TTrainerDetail> {
  const em = requestEntityManager();
  const [studios, link] = await Promise.all([
    studiosByTrainer(studioGroup, [trainer.id]),
    em.count(StudioGroupTrainer, { studioGroup, trainer }),
  ]);
  return toDetail(trainer, studios.get(trainer.id) ?? [], link > 0);
}

export async function getTrainer(studioGroup: StudioGroup, id: number): Promise<TTrainerDetail> {
  return detailOf(studioGroup, await findTrainer(studioGroup, id));
}

/**
 * Saves the admin's form. The import refreshes only name and e-mail of known trainers, so address,
 * bank and tax data entered here stay the truth (activities/import/master-data.ts).
 */
export async function updateTrainer(studioGroup: StudioGroup, id: number, values: TUpdateTrainerValues): Promise<TTrainerDetail> {
  const em = requestEntityManager();
  const trainer = await findTrainer(studioGroup, id);
  em.assign(trainer, values);
  await em.flush();
  return detailOf(studioGroup, trainer);
}
