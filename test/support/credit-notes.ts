import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AccountingFile, CreditNote, Settlement, SettlementRun, SettlementTrainer, StudioGroup, Trainer, User } from '../../db/entities';
import type { Stack } from './stack';

// An issued credit note as the credit-note run leaves it, written directly (for tests of the lists
// and downloads, not of the run): a completed settlement with one finished run, the PDF under the
// stack's data directory and the run's accounting files (SEPA and ZIP written, CSV not set).

export type IssuedCreditNote = { creditNoteUuid: string; number: string; fileName: string; settlementUuid: string; runUuid: string; pdf: Buffer };

const fakePdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`);

export async function issueCreditNote(
  stack: Stack,
  { studioGroupUuid, trainerUuid, month, number, grossCents = 11900, adminEmail = 'admin@demo.test' }: { studioGroupUuid: string; trainerUuid: string; month: string; number: string; grossCents?: number; adminEmail?: string },
): Promise<IssuedCreditNote> {
  const em = stack.orm.em.fork();
  const group = await em.findOneOrFail(StudioGroup, { uuid: studioGroupUuid });
  const adminUser = await em.findOneOrFail(User, { email: adminEmail });
  const trainerRecord = await em.findOneOrFail(Trainer, { uuid: trainerUuid });
  const netCents = Math.round(grossCents / 1.19);
  const vatCents = grossCents - netCents;
  const settlement = em.create(Settlement, { studioGroup: group, month, createdBy: adminUser, status: 'completed', completedAt: new Date() });
  const run = em.create(SettlementRun, { settlement, createdBy: adminUser, status: 'finished', finishedAt: new Date() });
  const settlementTrainer = em.create(SettlementTrainer, { settlement, trainer: trainerRecord, workflowState: 'credit_note_send', sumNetCents: netCents, sumVatCents: vatCents, sumGrossCents: grossCents });
  const fileName = `Gutschrift ${number}.pdf`;
  const relative = `credit-notes/${group.uuid}/${month.slice(0, 7)}/${number}.pdf`;
  const pdf = fakePdf(number);
  fs.mkdirSync(path.join(stack.dataDir, path.dirname(relative)), { recursive: true });
  fs.writeFileSync(path.join(stack.dataDir, relative), pdf);
  // Its XRechnung beside it, as the run stores it; a stand-in, the routes only serve it.
  fs.writeFileSync(path.join(stack.dataDir, relative.replace(/\.pdf$/, '.xrechnung.xml')), `<?xml version="1.0" encoding="UTF-8"?>\n<!-- ${number} (urn:xeinkauf.de:kosit:xrechnung_3.0) -->\n<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>\n`);
  const creditNote = em.create(CreditNote, {
    studioGroup: group,
    settlementRun: run,
    settlementTrainer,
    trainer: trainerRecord,
    number,
    issueDate: `${month.slice(0, 7)}-28`,
    netCents,
    vatCents,
    grossCents,
    fileName,
    filePath: relative,
    sha256: crypto.createHash('sha256').update(pdf).digest('hex'),
    sentAt: new Date(),
  });
  const runDir = `runs/${run.uuid}`;
  fs.mkdirSync(path.join(stack.dataDir, runDir), { recursive: true });
  fs.writeFileSync(path.join(stack.dataDir, runDir, 'sepa.xml'), '<?xml version="1.0"?><Document/>');
  fs.writeFileSync(path.join(stack.dataDir, runDir, 'credit-notes.zip'), Buffer.from(`PK\x05\x06${'\0'.repeat(18)}`, 'binary'));
  em.create(AccountingFile, { settlementRun: run, type: 'SEPA_XML', status: 'success', filePath: `${runDir}/sepa.xml` });
  em.create(AccountingFile, { settlementRun: run, type: 'CREDIT_NOTES_ZIP', status: 'success', filePath: `${runDir}/credit-notes.zip` });
  em.create(AccountingFile, { settlementRun: run, type: 'STUDIO_COSTS_BY_MONTH', status: 'not_set', filePath: null });
  await em.flush();
  return { creditNoteUuid: creditNote.uuid, number, fileName, settlementUuid: settlement.uuid, runUuid: run.uuid, pdf };
}
