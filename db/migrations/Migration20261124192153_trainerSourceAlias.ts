import { Migration } from '@mikro-orm/migrations';

// A merged-away trainer's source id, resolved by the class import to the kept trainer.
export class Migration20261124192153_trainerSourceAlias extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "trainer_source_alias" ("id" serial primary key, "studio_group_id" int not null, "source_id" varchar(255) not null, "trainer_id" int not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "trainer_source_alias_trainer_id_index" on "trainer_source_alias" ("trainer_id");`);
    this.addSql(`alter table "trainer_source_alias" add constraint "trainer_source_alias_studio_group_id_source_id_unique" unique ("studio_group_id", "source_id");`);
    this.addSql(`alter table "trainer_source_alias" add constraint "trainer_source_alias_studio_group_id_foreign" foreign key ("studio_group_id") references "studio_group" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "trainer_source_alias" add constraint "trainer_source_alias_trainer_id_foreign" foreign key ("trainer_id") references "trainer" ("id") on update cascade on delete cascade;`);
    // Merges done before this table: their audit rows name the merged source id and the kept trainer.
    this.addSql(`insert into "trainer_source_alias" ("studio_group_id", "source_id", "trainer_id", "created_at")
                 select distinct on (l.studio_group_id, l.merged_trainer_source_id) l.studio_group_id, l.merged_trainer_source_id, l.kept_trainer_id, l.created_at
                   from "trainer_merge_log" l
                  where l.kept_trainer_id is not null
                    and not exists (select 1 from "trainer" t where t.studio_group_id = l.studio_group_id and t.source_id = l.merged_trainer_source_id)
                  order by l.studio_group_id, l.merged_trainer_source_id, l.created_at desc;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "trainer_source_alias" cascade;`);
  }
}
