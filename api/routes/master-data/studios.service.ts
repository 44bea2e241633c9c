import { Studio, type StudioGroup } from '../../../db/entities';
import type { TStudio, TUpdateStudioValues } from '../../../contracts/studio.contract';
import { notFound } from '../../http/errors';
import { requestEntityManager } from '../../http/entity-manager';

type StudioCounts = { classCount: number; trainerCount: number };

async function countsByStudio(studioGroup: StudioGroup): Promise<Map<number, StudioCounts>> {
  const rows = await requestEntityManager().execute<{ studio_id: number; class_count: string; trainer_count: string }[]>(
    `select c.studio_id, count(*) as class_count, count(distinct c.trainer_id) as trainer_count
       from studio_class c where c.studio_group_id = ? group by c.studio_id`,
    [studioGroup.id],
  );
  return new Map(rows.map((row) => [row.studio_id, { classCount: Number(row.class_count), trainerCount: Number(row.trainer_count) }]));
}

const toStudio = (studio: Studio, counts: StudioCounts | undefined): TStudio => ({
  uuid: studio.uuid,
  sourceId: studio.sourceId,
  name: studio.name,
  city: studio.city ?? null,
  classCount: counts?.classCount ?? 0,
  trainerCount: counts?.trainerCount ?? 0,
  updatedAt: studio.updatedAt.toISOString(),
});

export async function listStudios(studioGroup: StudioGroup): Promise<TStudio[]> {
  const studios = await requestEntityManager().find(Studio, { studioGroup }, { orderBy: { name: 'asc' } });
  const counts = await countsByStudio(studioGroup);
  return studios.map((studio) => toStudio(studio, counts.get(studio.id)));
}

/** Name and city; the source id stays, it links the booking system's classes to the studio. */
export async function updateStudio(studioGroup: StudioGroup, uuid: string, values: TUpdateStudioValues): Promise<TStudio> {
  const em = requestEntityManager();
  const studio = await em.findOne(Studio, { uuid, studioGroup });
  if (!studio) throw notFound('masterData.studioNotFound');
  studio.name = values.name;
  studio.city = values.city;
  await em.flush();
  return toStudio(studio, (await countsByStudio(studioGroup)).get(studio.id));
}
