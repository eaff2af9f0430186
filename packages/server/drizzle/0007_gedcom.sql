CREATE TABLE "gedcom_extra" (
	"tree_id" uuid NOT NULL,
	"node_id" uuid NOT NULL,
	"node_kind" text NOT NULL,
	"tag" text,
	"anchor" text[],
	"lines" jsonb NOT NULL,
	CONSTRAINT "gedcom_extra_tree_id_node_id_pk" PRIMARY KEY("tree_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "media_link" (
	"tree_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"node_id" uuid NOT NULL,
	"node_kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "media_link_tree_id_node_id_media_id_pk" PRIMARY KEY("tree_id","node_id","media_id")
);
--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "date_text" text;--> statement-breakpoint
ALTER TABLE "media_object" ADD COLUMN "gedcom_id" text;--> statement-breakpoint
ALTER TABLE "media_object" ADD COLUMN "automated_record_id" text;--> statement-breakpoint
ALTER TABLE "media_object" ADD COLUMN "user_reference_number" text;--> statement-breakpoint
ALTER TABLE "media_object" ADD COLUMN "user_reference_type" text;--> statement-breakpoint
ALTER TABLE "media_object" ADD COLUMN "gedcom_change_date" text;--> statement-breakpoint
ALTER TABLE "note" ADD COLUMN "gedcom_id" text;--> statement-breakpoint
ALTER TABLE "note" ADD COLUMN "automated_record_id" text;--> statement-breakpoint
ALTER TABLE "note" ADD COLUMN "user_reference_number" text;--> statement-breakpoint
ALTER TABLE "note" ADD COLUMN "user_reference_type" text;--> statement-breakpoint
ALTER TABLE "note" ADD COLUMN "gedcom_change_date" text;--> statement-breakpoint
ALTER TABLE "gedcom_extra" ADD CONSTRAINT "gedcom_extra_tree_id_tree_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."tree"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_link" ADD CONSTRAINT "media_link_tree_id_media_id_media_object_tree_id_id_fk" FOREIGN KEY ("tree_id","media_id") REFERENCES "public"."media_object"("tree_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_link_media_idx" ON "media_link" USING btree ("tree_id","media_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "anor_unlink_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "note_link" l USING deleted d WHERE l."tree_id" = d."tree_id" AND l."node_id" = d."id";
  DELETE FROM "citation_link" l USING deleted d WHERE l."tree_id" = d."tree_id" AND l."node_id" = d."id";
  DELETE FROM "media_link" l USING deleted d WHERE l."tree_id" = d."tree_id" AND l."node_id" = d."id";
  DELETE FROM "gedcom_extra" e USING deleted d WHERE e."tree_id" = d."tree_id" AND e."node_id" = d."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "media_object_unlink_delete" AFTER DELETE ON "media_object" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_unlink_deleted"();
