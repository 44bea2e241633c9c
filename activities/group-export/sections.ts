import fs from 'node:fs';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/queries/sql';
import { documentRelativePath, storedDocumentPath } from '../../db/document-storage';
import { xrechnungFileName, xrechnungFilePath } from '../../domain/e-invoice/files';
import type { TGroupExportSection } from '../../contracts/group-export.contract';
import type { ExportZip } from './export-zip';
import { csvText, jsonText, pagedRows, type Row } from './rows';

// What the ZIP of a studio group holds, section by section (docs/decisions/0140 lists the layout).
// Every query is scoped to the group by its id; no section reads a table of the platform's own
// (users' passwords, sessions, tokens, secrets).

export type SectionContext = {
  em: EntityManager;
  zip: ExportZip;
  dataDir: string;
  studioGroupId: number;
  /** Called after each file and each page of rows: the activity heartbeats and may be cancelled. */
  tick: () => void;
  /** What the manifest counts and sums, filled by the sections. */
  counts: Record<string, number>;
  totals: { creditNotes: { count: number; grossCents: number; netCents: number; vatCents: number }; cancellations: { count: number; grossCents: number; netCents: number; vatCents: number } };
  /** Files the records name that were not found on disk (listed in the manifest, not fatal). */
  missingFiles: string[];
};

type Section = { name: TGroupExportSection; write: (context: SectionContext) => Promise<void> };

/** A name safe as one path segment inside the ZIP. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what a ZIP entry name must not hold
const segment = (value: string) => value.replace(/[/\\:*?"<>|\u0000-\u001f]/g, '_').replace(/^\.+/, '_').trim() || '_';

const monthOf = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value)).slice(0, 7);

/** A table as CSV (and JSON), counted under `count`. */
async function table(context: SectionContext, { file, query, bindings, json = false, count }: { file: string; query: string; bindings: unknown[]; json?: boolean; count?: string }) {
  let rows = 0;
  const pages = () => pagedRows(context.em, query, bindings, context.tick);
  await context.zip.add(`${file}.csv`, csvText(pages(), () => rows++));
  if (json) await context.zip.add(`${file}.json`, jsonText(pages()));
  if (count) context.counts[count] = (context.counts[count] ?? 0) + rows;
  context.tick();
}

/** A stored file under the data directory into the ZIP; a missing one is noted, not fatal. */
async function storedFile(context: SectionContext, relativePath: string | null | undefined, name: string): Promise<boolean> {
  const absolutePath = relativePath ? await storedDocumentPath(context.dataDir, relativePath) : null;
  if (!absolutePath) {
    context.missingFiles.push(name);
    return false;
  }
  await context.zip.add(name, fs.createReadStream(absolutePath));
  context.tick();
  return true;
}

/** Ids (and a few keys) a query pages through, without holding them all: `select id, … from …`. */
async function* ids<T extends Row>(context: SectionContext, query: string, bindings: unknown[]): AsyncGenerator<T> {
  for await (const page of pagedRows(context.em, query, bindings, context.tick)) yield* page as T[];
}

const masterData: Section = {
  name: 'master-data',
  async write(context) {
    const g = [context.studioGroupId];
    await table(context, { file: 'master-data/studio-group', query: 'select * from studio_group where id = ?', bindings: g, json: true });
    await table(context, { file: 'master-data/studios', query: 'select * from studio where studio_group_id = ?', bindings: g, json: true, count: 'studios' });
    await table(context, { file: 'master-data/trainers', query: 'select * from trainer where studio_group_id = ?', bindings: g, json: true, count: 'trainers' });
    // The trainers' portal accounts linked to the group: the link, the self-billing consent and the
    // billing data they keep in the portal (their own data as this group uses it).
    await table(context, {
      file: 'master-data/trainer-portal-links',
      query: `select l.id, l.uuid, t.uuid as trainer_uuid, a.uuid as trainer_account_uuid, l.self_billing_consent_at, a.firstname, a.lastname, a.email, a.phone,
                     a.company_name, a.street, a.house, a.zip, a.city, a.country, a.iban, a.bic, a.is_tax_relevant, a.tax_number, a.vat_id, a.e_invoice_format, l.created_at
                from studio_group_trainer l join trainer t on t.id = l.trainer_id left join trainer_account a on a.id = l.trainer_account_id
               where l.studio_group_id = ?`,
      bindings: g,
      json: true,
    });
    await table(context, { file: 'master-data/trainer-merges', query: 'select * from trainer_merge_log where studio_group_id = ?', bindings: g, json: true });
    await table(context, { file: 'master-data/payment-type-rules', query: 'select * from payment_type_rule where studio_group_id = ?', bindings: g, json: true, count: 'paymentTypeRules' });
    await table(context, {
      file: 'master-data/admin-positions',
      query: `select p.*, s.uuid as settlement_uuid, s.month as settlement_month, t.uuid as trainer_uuid
                from admin_position p join settlement s on s.id = p.settlement_id join trainer t on t.id = p.trainer_id where s.studio_group_id = ?`,
      bindings: g,
      json: true,
      count: 'adminPositions',
    });
    await table(context, { file: 'master-data/document-categories', query: 'select * from document_category where studio_group_id = ?', bindings: g, json: true });
    await table(context, { file: 'master-data/invitations', query: 'select * from invitation where studio_group_id = ?', bindings: g, json: true });
  },
};

const classes: Section = {
  name: 'classes',
  async write(context) {
    // One CSV per month (Berlin time, as the settlements count): a year of a large group is a
    // million classes, which no spreadsheet opens as one file.
    const months = await sql<{ month: string }>(
      context.em,
      `select distinct to_char(starts_at at time zone 'Europe/Berlin', 'YYYY-MM') as month from studio_class where studio_group_id = ? order by 1`,
      [context.studioGroupId],
    );
    for (const { month } of months) {
      await table(context, {
        file: `classes/${month}`,
        query: `select c.*, s.uuid as studio_uuid, s.name as studio_name, t.uuid as trainer_uuid
                  from studio_class c join studio s on s.id = c.studio_id left join trainer t on t.id = c.trainer_id
                 where c.studio_group_id = ? and c.starts_at >= (?::timestamp at time zone 'Europe/Berlin') and c.starts_at < ((?::timestamp + interval '1 month') at time zone 'Europe/Berlin')`,
        bindings: [context.studioGroupId, `${month}-01`, `${month}-01`],
        count: 'classes',
      });
    }
  },
};

const settlements: Section = {
  name: 'settlements',
  async write(context) {
    await table(context, { file: 'settlements/settlements', query: 'select * from settlement where studio_group_id = ?', bindings: [context.studioGroupId], json: true, count: 'settlements' });
    for await (const settlement of ids<{ id: number; uuid: string; month: unknown }>(context, 'select id, uuid, month from settlement where studio_group_id = ?', [context.studioGroupId])) {
      const dir = `settlements/${monthOf(settlement.month)}_${settlement.uuid}`;
      const s = [settlement.id];
      await table(context, {
        file: `${dir}/trainers`,
        query: 'select st.*, t.uuid as trainer_uuid from settlement_trainer st join trainer t on t.id = st.trainer_id where st.settlement_id = ?',
        bindings: s,
      });
      await table(context, {
        file: `${dir}/lines`,
        query: 'select l.*, t.uuid as trainer_uuid from settlement_line l join settlement_trainer st on st.id = l.settlement_trainer_id join trainer t on t.id = st.trainer_id where st.settlement_id = ?',
        bindings: s,
        count: 'settlementLines',
      });
      await table(context, {
        file: `${dir}/comments`,
        query: 'select c.*, t.uuid as trainer_uuid from comment c join settlement_trainer st on st.id = c.settlement_trainer_id join trainer t on t.id = st.trainer_id where st.settlement_id = ?',
        bindings: s,
        count: 'comments',
      });
      await table(context, {
        file: `${dir}/approvals`,
        query: `select a.id, a.kind, a.approved, a.created_at, t.uuid as trainer_uuid, st2.uuid as studio_uuid, u.uuid as user_uuid, u.email as user_email
                  from approval a join settlement_trainer st on st.id = a.settlement_trainer_id join trainer t on t.id = st.trainer_id
                  left join studio st2 on st2.id = a.studio_id left join app_user u on u.id = a.user_id where st.settlement_id = ?`,
        bindings: s,
        count: 'approvals',
      });
      await table(context, {
        file: `${dir}/review-rows`,
        query: 'select r.*, t.uuid as trainer_uuid from review_row r join settlement_trainer st on st.id = r.settlement_trainer_id join trainer t on t.id = st.trainer_id where st.settlement_id = ?',
        bindings: s,
      });
      await table(context, { file: `${dir}/runs`, query: 'select * from settlement_run where settlement_id = ?', bindings: s });
    }
  },
};

type CreditNoteRow = { id: number; number: string; document_type: string; file_name: string; file_path: string; sha256: string | null; gross_cents: number; net_cents: number; vat_cents: number; issue_date: unknown; document: unknown };

const creditNotes: Section = {
  name: 'credit-notes',
  async write(context) {
    const query = `select n.*, t.uuid as trainer_uuid, s.uuid as settlement_uuid, s.month as settlement_month, r.uuid as settlement_run_uuid, c.number as cancels_number
                     from credit_note n join trainer t on t.id = n.trainer_id join settlement_run r on r.id = n.settlement_run_id join settlement s on s.id = r.settlement_id
                     left join credit_note c on c.id = n.cancels_id where n.studio_group_id = ?`;
    // The sums a reader reconciles with: taken from the very rows the CSV holds.
    const sum = (row: Row) => {
      const totals = row.document_type === 'cancellation' ? context.totals.cancellations : context.totals.creditNotes;
      totals.count += 1;
      totals.grossCents += Number(row.gross_cents);
      totals.netCents += Number(row.net_cents);
      totals.vatCents += Number(row.vat_cents);
    };
    await context.zip.add('credit-notes/credit-notes.csv', csvText(pagedRows(context.em, query, [context.studioGroupId], context.tick), sum));
    await context.zip.add('credit-notes/credit-notes.json', jsonText(pagedRows(context.em, query, [context.studioGroupId], context.tick)));
    context.counts.creditNotes = context.totals.creditNotes.count;
    context.counts.cancellations = context.totals.cancellations.count;
    let pdfs = 0;
    let xrechnungs = 0;
    for await (const note of ids<CreditNoteRow & { settlement_month: unknown }>(context, query, [context.studioGroupId])) {
      const dir = `credit-notes/${monthOf(note.settlement_month)}`;
      if (await storedFile(context, note.file_path, `${dir}/${segment(note.file_name)}`)) pdfs++;
      // The XRechnung the run stored beside the PDF (none for notes issued before e-invoices).
      const xml = await storedDocumentPath(context.dataDir, xrechnungFilePath(note.file_path));
      if (xml) {
        await context.zip.add(`${dir}/${segment(xrechnungFileName(note.number))}`, fs.createReadStream(xml));
        xrechnungs++;
      }
    }
    context.counts.creditNotePdfs = pdfs;
    context.counts.xrechnungFiles = xrechnungs;
  },
};

const runFiles: Section = {
  name: 'run-files',
  async write(context) {
    const query = `select f.*, r.uuid as settlement_run_uuid, s.uuid as settlement_uuid, s.month as settlement_month
                     from accounting_file f join settlement_run r on r.id = f.settlement_run_id join settlement s on s.id = r.settlement_id where s.studio_group_id = ?`;
    await table(context, { file: 'run-files/run-files', query, bindings: [context.studioGroupId] });
    let files = 0;
    for await (const file of ids<{ file_path: string | null; status: string; settlement_month: unknown; settlement_run_uuid: string }>(context, query, [context.studioGroupId])) {
      if (file.status === 'error' || !file.file_path) continue;
      const name = `run-files/${monthOf(file.settlement_month)}_${file.settlement_run_uuid}/${segment(path.basename(file.file_path))}`;
      if (await storedFile(context, file.file_path, name)) files++;
    }
    context.counts.runFiles = files;
  },
};

const documents: Section = {
  name: 'documents',
  async write(context) {
    const query = `select d.*, c.name as category_name, a.uuid as trainer_account_uuid, t.uuid as trainer_uuid
                     from document d join document_category c on c.id = d.category_id join trainer_account a on a.id = d.trainer_account_id
                     left join studio_group_trainer l on l.trainer_account_id = d.trainer_account_id and l.studio_group_id = d.studio_group_id
                     left join trainer t on t.id = l.trainer_id where d.studio_group_id = ?`;
    await table(context, { file: 'documents/documents', query, bindings: [context.studioGroupId], json: true, count: 'documents' });
    let files = 0;
    for await (const document of ids<{ uuid: string; file_name: string; file_path: string | null; sha256: string | null; trainer_account_uuid: string }>(context, query, [context.studioGroupId])) {
      const stored = document.file_path || (document.sha256 ? documentRelativePath(document.sha256) : null);
      if (await storedFile(context, stored, `documents/${document.trainer_account_uuid}/${document.uuid}_${segment(document.file_name)}`)) files++;
    }
    context.counts.documentFiles = files;
  },
};

const logs: Section = {
  name: 'logs',
  async write(context) {
    const g = [context.studioGroupId];
    await table(context, {
      file: 'logs/settlement-log',
      query: 'select l.*, s.uuid as settlement_uuid, s.month as settlement_month from settlement_log l join settlement s on s.id = l.settlement_id where s.studio_group_id = ?',
      bindings: g,
      count: 'settlementLogRows',
    });
    await table(context, { file: 'logs/import-log', query: 'select l.*, s.uuid as studio_uuid from import_log l left join studio s on s.id = l.studio_id where l.studio_group_id = ?', bindings: g, count: 'importLogRows' });
    await table(context, { file: 'logs/import-queue', query: 'select * from import_queue_item where studio_group_id = ?', bindings: g });
    // The e-mails sent: who, what, when and how it went — not their bodies, which carry signed links
    // (invitations, password resets) that would still open an account.
    const [group] = await sql<{ uuid: string }>(context.em, 'select uuid from studio_group where id = ?', g);
    await table(context, {
      file: 'logs/emails',
      query: `select e.id, e.uuid, split_part(e.idempotency_key, ':', 2) as purpose, e.to_address, e.subject, e.status, e.sent_at, e.error, e.created_at,
                     (select coalesce(string_agg(a->>'fileName', ', '), '') from jsonb_array_elements(coalesce(e.attachments, '[]'::jsonb)) a) as attachments
                from outgoing_email e where e.idempotency_key like ?`,
      bindings: [`${group!.uuid}:%`],
      count: 'emails',
    });
  },
};

/** The sections in the order they are written; the manifest follows them. */
export const SECTIONS: Section[] = [masterData, classes, settlements, creditNotes, runFiles, documents, logs];
