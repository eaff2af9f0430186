-- The trash (issue 21). A deleted tree is kept, hidden from every route, for the trash's days
-- (`deleted_at`); its owner may restore it, and the sweep then deletes it for good. Its name is free
-- meanwhile (the unique name index leaves deleted trees out; a restore checks it again).
ALTER TABLE "tree" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tree_deleted_at_idx" ON "tree" USING btree ("deleted_at") WHERE "deleted_at" IS NOT NULL;--> statement-breakpoint
DROP INDEX "tree_owner_name_key_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "tree_owner_name_key_idx" ON "tree" USING btree ("owner_id","name_key") WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- A change set older than the trash keeps is swept once (`swept_at`): the stored images of the rows it
-- deleted (and every earlier image of those rows) are dropped, and it can no longer be undone.
ALTER TABLE "history_change_set" ADD COLUMN "swept_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "history_change_set_sweep_idx" ON "history_change_set" USING btree ("created_at") WHERE "swept_at" IS NULL;--> statement-breakpoint
-- The trash lists a tree's deletes: the deleted rows of objects, newest first.
CREATE INDEX "history_change_deleted_idx" ON "history_change" USING btree ("tree_id","seq") WHERE "op" = 'D';
