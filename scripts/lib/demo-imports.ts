import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { DateTime } from 'luxon';
import { ImportLog, StudioGroup, User } from '../../db/entities';
import { startClassImport } from '../../api/routes/import/import.service';

/** The last two complete months before `today`, as an import range. */
export function lastTwoCompleteMonths(today = DateTime.now()) {
  const firstOfThisMonth = today.startOf('month');
  return {
    dateStart: firstOfThisMonth.minus({ months: 2 }).toISODate()!,
    dateEnd: firstOfThisMonth.minus({ days: 1 }).toISODate()!,
  };
}

/**
 * The demo classes arrive the way a customer's do: through the class import workflow from the
 * built-in demo source system. Started for every demo-sourced group that has never imported.
 */
export async function startDemoImportsIfNeeded({ orm, temporal }: { orm: MikroORM; temporal: Client }): Promise<number> {
  const em = orm.em.fork();
  const groups = await em.find(StudioGroup, { sourceSystem: 'demo' }, { populate: ['mandant'] });
  const staff = await em.find(User, { role: 'staff' }, { populate: ['staffStudioGroups'], orderBy: { id: 'asc' } });
  const { dateStart, dateEnd } = lastTwoCompleteMonths();
  let started = 0;
  for (const studioGroup of groups) {
    if ((await em.count(ImportLog, { studioGroup })) > 0) continue;
    // The log rows read in the language of the group's first staff member, who will look at them.
    const admin = staff.find((user) => user.staffStudioGroups.getItems().some((group) => group.id === studioGroup.id));
    const locale = admin?.locale === 'de' ? 'de' : 'en';
    await startClassImport({ temporal, studioGroup, sourceSystem: 'demo', mode: 'ondemand', dateStart, dateEnd, userUuid: 'system', locale });
    started++;
  }
  return started;
}
