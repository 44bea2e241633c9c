import { expect } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { StudioGroup } from '../../db/entities';
import { readNdjson } from './ndjson';

// Steps of the month close that many integration tests start from: the month's classes imported
// (classes arrive only through the class import, as in production) and a settlement prepared.

type Caller = { headers: Record<string, string> };
type Group = { uuid: string; id: number; mandantId: number; apiSlug: string };

/** The seeded 'demo-fitness' group (its mandant loaded) and the keys a settlement of it is prepared with. */
export async function findDemoFitness(em: EntityManager) {
  const group = await em.findOneOrFail(StudioGroup, { apiSlug: 'demo-fitness' }, { populate: ['mandant'] });
  const keys: Group = { uuid: group.uuid, id: group.id, mandantId: group.mandant.id, apiSlug: group.apiSlug };
  return { group, keys };
}

/** Imports a month of the demo source system's classes (first to last day, YYYY-MM-DD). */
export async function importDemoClasses(baseUrl: string, admin: Caller, groupUuid: string, firstDay: string, lastDay: string) {
  const response = await fetch(`${baseUrl}/api/v1/${groupUuid}/demo/import/classes/ondemand`, {
    method: 'POST',
    headers: admin.headers,
    body: JSON.stringify({ dateStart: firstDay, dateEnd: lastDay }),
  });
  expect(response.status).toBe(200);
  const statuses: string[] = [];
  for await (const message of readNdjson<{ status: string }>(response)) statuses.push(message.status);
  expect(statuses.at(-1)).toBe('finished_studiogroup');
}

/** Prepares a settlement of `month` (last day) for these trainers and chooses trainer review (or not). */
export async function prepareSettlement(baseUrl: string, admin: Caller, group: Group, settlementUuid: string, month: string, trainerUuids: string[], trainerReview = true) {
  const post = (path: string, body: unknown) => fetch(`${baseUrl}/api/v1/${group.uuid}${path}`, { method: 'POST', headers: admin.headers, body: JSON.stringify(body) });
  const base = { idMandant: group.mandantId, idStudioGroup: group.id, studioGroupUuid: group.uuid, settlementMonth: month, settlementUuid };
  for (const [phase, extra] of [['invoice-data', { trainersSelected: trainerUuids }], ['class', {}], ['trainer', {}]] as const) {
    const answer = await post(`/settlement/${group.apiSlug}/create/${phase}`, { ...base, ...extra });
    expect(answer.status, await answer.clone().text()).toBe(200);
  }
  const created = await post('/settlement/create', { ...base, apiSlug: group.apiSlug, trainerReview });
  expect(created.status, await created.clone().text()).toBe(200);
}
