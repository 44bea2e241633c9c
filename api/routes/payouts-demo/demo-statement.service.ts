import type { TDemoStatementQuery } from '../../../contracts/payouts-demo.contract';
import { Payout, SettlementRun, type StudioGroup } from '../../../db/entities';
import { buildDemoStatement } from '../../../domain/payouts/demo-statement';
import { conflict, notFound } from '../../http/errors';
import { requestEntityManager } from '../../http/entity-manager';

// A demo group has no bank, so TrainerPay plays it: the statement the bank would send for a run's
// open payouts, one of them returned (domain/payouts/demo-statement.ts). The admin uploads it on the
// Payouts screen like a real one and follows the loop (paid, returned, pay again) without a bank.
// Nothing is written here: the upload records it.

const berlinDate = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(instant);

export async function demoStatement(studioGroup: StudioGroup, { settlementRunUuid }: TDemoStatementQuery): Promise<{ fileName: string; xml: string }> {
  if (studioGroup.sourceSystem !== 'demo') throw conflict('payouts.demo.onlyDemo');
  if (!studioGroup.iban) throw conflict('payouts.demo.noIban');
  const em = requestEntityManager();
  const run = await em.findOne(SettlementRun, { uuid: settlementRunUuid, settlement: { studioGroup } }, { populate: ['settlement'] });
  if (!run) throw notFound('payouts.demo.runNotFound');
  const payouts = await em.find(Payout, { studioGroup, settlementRun: run, status: 'open' }, { orderBy: { endToEndId: 'asc' } });
  if (payouts.length === 0) throw conflict('payouts.demo.noOpenPayouts');
  const month = String(run.settlement.month).slice(0, 7);
  const xml = buildDemoStatement({
    account: { iban: studioGroup.iban, ownerName: studioGroup.name },
    month,
    runKey: run.uuid.slice(0, 8),
    executedOn: berlinDate(run.finishedAt ?? run.createdAt),
    payouts,
  });
  return { fileName: `demo-camt053-${month}.xml`, xml };
}
