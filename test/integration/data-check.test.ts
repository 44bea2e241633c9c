import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDataCheckResult } from '../../contracts/trainer-overview.contract';
import { Document, DocumentCategory, StudioClass, StudioGroup, StudioGroupTrainer, Trainer } from '../../db/entities';
import { lastCompleteMonth } from '../../api/routes/data-check/data-check.service';
import { importDemoClasses } from '../support/month-close';
import { logIn, startStack, type Stack } from '../support/stack';

// The data check (spec admin 2.19, 7): GET /api/v1/{g}/data/status/{idStudioGroup} answers
// {CSVIMPORTCHECKER: "<JSON>"} whose CALLCHECKER lists unchecked trainers, the last complete month's
// classes no rule pays, and studio group settings a month close lacks.

type Login = Awaited<ReturnType<typeof logIn>>;
let stack: Stack;
let admin: Login;
let yogaAdmin: Login;
let fitness: { uuid: string; id: number };
let yoga: { uuid: string; id: number };
const MONTH = lastCompleteMonth();

beforeAll(async () => {
  stack = await startStack();
  admin = await logIn(stack.baseUrl, 'admin@demo.test');
  yogaAdmin = await logIn(stack.baseUrl, 'admin2@demo.test');
  fitness = admin.studioGroups[0]!;
  yoga = yogaAdmin.studioGroups[0]!;
  await importDemoClasses(stack.baseUrl, admin, fitness.uuid, `${MONTH.slice(0, 7)}-01`, MONTH);
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

const fresh = () => stack.orm.em.fork();
async function status(idStudioGroup: string | number, { as = admin, group = fitness, locale = 'en' }: { as?: Login; group?: { uuid: string }; locale?: string } = {}) {
  const response = await fetch(`${stack.baseUrl}/api/v1/${group.uuid}/data/status/${idStudioGroup}`, { headers: { ...as.headers, 'x-locale': locale } });
  const body = (await response.json()) as { CSVIMPORTCHECKER?: string; message?: string };
  return { status: response.status, body, result: body.CSVIMPORTCHECKER ? ZDataCheckResult.parse(JSON.parse(body.CSVIMPORTCHECKER)) : undefined };
}

describe('data check', () => {
  it('lists incomplete trainers, the classes no rule pays and answers the spec shape', async () => {
    const { status: code, body, result } = await status(fitness.id);
    expect(code).toBe(200);
    expect(Object.keys(body)).toEqual(['CSVIMPORTCHECKER']);
    expect(typeof body.CSVIMPORTCHECKER).toBe('string');
    const checker = result!.CALLCHECKER;
    expect(result!.month).toBe(MONTH);
    const incomplete = checker.unchecked_trainer.filter((trainer) => trainer.reasons.includes('incompleteData'));
    const sourceIds = (await fresh().find(Trainer, { id: { $in: incomplete.map((trainer) => trainer.id) } })).map((trainer) => trainer.sourceId).sort();
    expect(sourceIds).toEqual(['DF-T023', 'DF-T024', 'DF-T025']);
    expect(incomplete.find((trainer) => trainer.missing.includes('street'))).toBeDefined();
    // The demo month has classes in the category no rule pays.
    expect(checker.class_without_rule.length).toBeGreaterThan(0);
    expect(checker.class_without_rule.every((item) => item.class_date.startsWith(MONTH.slice(0, 7)))).toBe(true);
    expect(checker.class_without_rule.some((item) => item.category === 'Event')).toBe(true);
    const unruled = await fresh().count(StudioClass, { studioGroup: fitness.id, category: 'Event' });
    expect(checker.class_without_rule.filter((item) => item.category === 'Event')).toHaveLength(unruled);
    // The seeded group has every setting.
    expect(checker.studio_group).toEqual([]);
    // The uuid names the group too.
    expect((await status(fitness.uuid)).result).toEqual(result);
  });

  it('reports changed data, missing and expired mandatory documents, and missing group settings', async () => {
    const em = fresh();
    const group = await em.findOneOrFail(StudioGroup, fitness.id);
    const link = await em.findOneOrFail(StudioGroupTrainer, { studioGroup: group }, { populate: ['trainer', 'trainerAccount'] });
    const changed = await em.findOneOrFail(Trainer, { studioGroup: group, sourceId: 'DF-T003' });
    changed.workflowState = 'changed';
    const contract = em.create(DocumentCategory, { studioGroup: group, name: 'Freelance contract', isMandatory: true });
    const license = em.create(DocumentCategory, { studioGroup: group, name: 'Trainer licence', isMandatory: true });
    em.create(DocumentCategory, { studioGroup: group, name: 'Photo', isMandatory: false });
    em.create(Document, { trainerAccount: link.trainerAccount, studioGroup: group, category: license, fileName: 'l.pdf', filePath: 'x/l.pdf', sizeBytes: 10, approvalStatus: 'approved', expiresAt: '2020-01-31' });
    group.accountingEmail = null;
    group.bic = null;
    await em.flush();

    const { result } = await status(fitness.id, { locale: 'de' });
    const checker = result!.CALLCHECKER;
    expect(checker.unchecked_trainer.find((trainer) => trainer.id === changed.id)).toMatchObject({ reasons: ['changedData'] });
    const demo = checker.unchecked_trainer.find((trainer) => trainer.id === link.trainer.id)!;
    expect(demo.reasons).toEqual(expect.arrayContaining(['missingDocument', 'expiredDocument']));
    expect(demo.documents).toEqual(expect.arrayContaining(['Freelance contract', 'Trainer licence']));
    expect(checker.studio_group).toEqual([{ studio_group_name: group.name, missing: ['bic', 'accountingEmail'] }]);

    // A valid contract closes that gap.
    em.create(Document, { trainerAccount: link.trainerAccount, studioGroup: group, category: contract, fileName: 'c.pdf', filePath: 'x/c.pdf', sizeBytes: 10, approvalStatus: 'pending' });
    await em.flush();
    const after = (await status(fitness.id)).result!.CALLCHECKER.unchecked_trainer.find((trainer) => trainer.id === link.trainer.id)!;
    expect(after.reasons).toContain('expiredDocument');
    expect(after.documents).toContain('Trainer licence');
    expect(after.documents).not.toContain('Freelance contract');
  });

  it("refuses another group's id, a bad id and staff of another group", async () => {
    const other = await status(yoga.id);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('The studio group of the path does not match idStudioGroup.');
    expect((await status(yoga.uuid)).status).toBe(404);
    const bad = await status('abc', { locale: 'de' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('idStudioGroup');
    expect((await status(fitness.id, { as: yogaAdmin })).status).toBe(404);
    expect((await status(yoga.id, { as: yogaAdmin, group: yoga })).status).toBe(200);
  });
});
