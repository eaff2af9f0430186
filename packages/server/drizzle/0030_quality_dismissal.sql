-- The data-quality report's dismissals (issue 24): "checked, it is right" for one finding, by rule,
-- object and the other object it names. The owner's decisions, so recorded in the change history as
-- objects of their own (see 0018_history.sql and history.tables.ts): dismissing is undone like any
-- change. No foreign key to the object, which may be a person, an event or a place.
CREATE TABLE "quality_dismissal" (
	"tree_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"rule" text NOT NULL,
	"object_id" uuid NOT NULL,
	"related_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quality_dismissal_tree_id_id_pk" PRIMARY KEY("tree_id","id")
);
--> statement-breakpoint
ALTER TABLE "quality_dismissal" ADD CONSTRAINT "quality_dismissal_tree_id_tree_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."tree"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quality_dismissal_item_idx" ON "quality_dismissal" USING btree ("tree_id","rule","object_id",coalesce("related_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE TRIGGER "quality_dismissal_history_insert" AFTER INSERT ON "quality_dismissal" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_history_record"('id', '-', 'object');--> statement-breakpoint
CREATE TRIGGER "quality_dismissal_history_update" AFTER UPDATE ON "quality_dismissal" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_history_record"('id', '-', 'object');--> statement-breakpoint
CREATE TRIGGER "quality_dismissal_history_delete" AFTER DELETE ON "quality_dismissal" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_history_record"('id', '-', 'object');
