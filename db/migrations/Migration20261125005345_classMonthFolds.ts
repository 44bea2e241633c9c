import { Migration } from '@mikro-orm/migrations';

// For the payment-type-rule check within 500 ms over a year of a large group: the classes
// of a month folded as the check prices them (db/entities/class-month-fold.entity.ts), and the
// triggers that mark a month stale whenever its classes, or the trainers the group's rules name,
// change. Every month that has classes starts stale; the check folds a month on first use.
// Large tables: studio_class (read once to mark its months stale).
export class Migration20261125005345_classMonthFolds extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "class_month_stale" ("id" serial primary key, "studio_group_id" int not null, "month" date not null, "marked_at" timestamptz not null);`);
    this.addSql(`alter table "class_month_stale" add constraint "class_month_stale_studio_group_id_month_unique" unique ("studio_group_id", "month");`);

    this.addSql(`create table "class_month_fold" ("id" serial primary key, "studio_group_id" int not null, "month" date not null, "trainer_key" int null, "has_trainer" boolean not null, "several" boolean not null, "studio_id" int not null, "name" varchar(255) not null, "category" varchar(255) null, "duration_minutes" int not null, "first_at" timestamptz not null, "last_at" timestamptz not null, "booked" jsonb not null, "classes" jsonb not null);`);
    this.addSql(`create index "class_month_fold_studio_group_id_month_index" on "class_month_fold" ("studio_group_id", "month");`);

    this.addSql(`alter table "class_month_stale" add constraint "class_month_stale_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "class_month_fold" add constraint "class_month_fold_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "class_month_fold" add constraint "class_month_fold_studio_id_foreign" foreign key ("studio_id") references "studio" ("id") on update cascade on delete cascade;`);

    // The classes' side: one statement of inserts, updates or deletes marks each (group, Berlin
    // month) it touched, once; an update only where a column the check reads changed (a re-import
    // that rewrites the same class marks nothing). Months are marked in order (two writers never
    // wait on each other crosswise), and only for groups that still exist (a deleted group's
    // classes go with it). The marker's row lock is held to the writer's commit.
    this.addSql(`create or replace function class_month_stale_mark_classes() returns trigger language plpgsql as $$
begin
  if TG_OP in ('INSERT', 'DELETE') then
    execute format($mark$
      insert into class_month_stale (studio_group_id, month, marked_at)
      select distinct r.studio_group_id, date_trunc('month', r.starts_at at time zone 'Europe/Berlin')::date, now()
        from %I r
       where exists (select 1 from studio_group g where g.id = r.studio_group_id)
       order by 1, 2
      on conflict (studio_group_id, month) do update set marked_at = excluded.marked_at$mark$, case when TG_OP = 'INSERT' then 'new_classes' else 'old_classes' end);
  else
    insert into class_month_stale (studio_group_id, month, marked_at)
    select distinct r.studio_group_id, date_trunc('month', r.starts_at at time zone 'Europe/Berlin')::date, now()
      from old_classes o
      join new_classes n on n.id = o.id
     cross join lateral (values (o.studio_group_id, o.starts_at), (n.studio_group_id, n.starts_at)) as r(studio_group_id, starts_at)
     where (o.studio_group_id, o.starts_at, o.trainer_id, o.other_trainers, o.studio_id, o.name, o.category, o.duration_minutes, o.booked_slots)
           is distinct from (n.studio_group_id, n.starts_at, n.trainer_id, n.other_trainers, n.studio_id, n.name, n.category, n.duration_minutes, n.booked_slots)
       and exists (select 1 from studio_group g where g.id = r.studio_group_id)
     order by 1, 2
    on conflict (studio_group_id, month) do update set marked_at = excluded.marked_at;
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger class_month_stale_on_insert after insert on studio_class referencing new table as new_classes for each statement execute function class_month_stale_mark_classes();`);
    this.addSql(`create trigger class_month_stale_on_update after update on studio_class referencing old table as old_classes new table as new_classes for each statement execute function class_month_stale_mark_classes();`);
    this.addSql(`create trigger class_month_stale_on_delete after delete on studio_class referencing old table as old_classes for each statement execute function class_month_stale_mark_classes();`);

    // The rules' side: which trainers the group's rules name decides which classes keep their
    // trainer in a fold, so when a trainer becomes named (their first rule) or stops being named
    // (their last rule removed or moved) every folded month of the group is marked. A rule replaced
    // by a successor for the same trainer changes nothing here.
    this.addSql(`create or replace function class_month_stale_mark_rules() returns trigger language plpgsql as $$
declare
  groups int[];
begin
  if TG_OP in ('UPDATE', 'DELETE') and old.trainer_id is not null and (TG_OP = 'DELETE' or (old.trainer_id, old.studio_group_id) is distinct from (new.trainer_id, new.studio_group_id))
     and not exists (select 1 from payment_type_rule r where r.studio_group_id = old.studio_group_id and r.trainer_id = old.trainer_id) then
    groups := array[old.studio_group_id];
  end if;
  if TG_OP in ('INSERT', 'UPDATE') and new.trainer_id is not null and (TG_OP = 'INSERT' or (old.trainer_id, old.studio_group_id) is distinct from (new.trainer_id, new.studio_group_id))
     and not exists (select 1 from payment_type_rule r where r.studio_group_id = new.studio_group_id and r.trainer_id = new.trainer_id and r.id <> new.id) then
    groups := coalesce(groups, '{}') || new.studio_group_id;
  end if;
  if groups is not null then
    insert into class_month_stale (studio_group_id, month, marked_at)
    select distinct f.studio_group_id, f.month, now()
      from class_month_fold f
     where f.studio_group_id = any(groups)
       and exists (select 1 from studio_group g where g.id = f.studio_group_id)
     order by 1, 2
    on conflict (studio_group_id, month) do update set marked_at = excluded.marked_at;
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger class_month_stale_on_rule_change after insert or update or delete on payment_type_rule for each row execute function class_month_stale_mark_rules();`);

    // The classes already there: every month of theirs is stale until the check folds it.
    this.addSql(`insert into class_month_stale (studio_group_id, month, marked_at)
                 select distinct studio_group_id, date_trunc('month', starts_at at time zone 'Europe/Berlin')::date, now() from studio_class order by 1, 2;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists class_month_stale_on_rule_change on payment_type_rule;`);
    this.addSql(`drop trigger if exists class_month_stale_on_insert on studio_class;`);
    this.addSql(`drop trigger if exists class_month_stale_on_update on studio_class;`);
    this.addSql(`drop trigger if exists class_month_stale_on_delete on studio_class;`);
    this.addSql(`drop function if exists class_month_stale_mark_rules();`);
    this.addSql(`drop function if exists class_month_stale_mark_classes();`);
    this.addSql(`drop table if exists "class_month_stale" cascade;`);

    this.addSql(`drop table if exists "class_month_fold" cascade;`);
  }

}
