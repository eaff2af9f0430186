-- Photos and scanned documents (issue 22). A media object may now hold an uploaded file: its bytes are
-- kept in the media storage under their SHA-256 (content_hash), with a thumbnail and a screen-sized
-- version made at upload (their types in thumb_type/screen_type). A GEDCOM OBJE reference keeps these null.
ALTER TABLE "media_object" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "media_object" ADD COLUMN "mime_type" text;--> statement-breakpoint
ALTER TABLE "media_object" ADD COLUMN "size" bigint;--> statement-breakpoint
ALTER TABLE "media_object" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "media_object" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "media_object" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "media_object" ADD COLUMN "date" text;--> statement-breakpoint
ALTER TABLE "media_object" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "media_object" ADD COLUMN "thumb_type" text;--> statement-breakpoint
ALTER TABLE "media_object" ADD COLUMN "screen_type" text;--> statement-breakpoint
ALTER TABLE "media_object" ADD COLUMN "derived_size" bigint;--> statement-breakpoint
CREATE INDEX "media_object_hash_idx" ON "media_object" USING btree ("content_hash") WHERE "content_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "media_object_created_idx" ON "media_object" USING btree ("tree_id","created_at","id");--> statement-breakpoint
-- A person's portrait: a crop of one of the tree's images (fractions 0..1 of the oriented original).
CREATE TABLE "person_portrait" (
	"tree_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"crop_x" double precision NOT NULL,
	"crop_y" double precision NOT NULL,
	"crop_width" double precision NOT NULL,
	"crop_height" double precision NOT NULL,
	CONSTRAINT "person_portrait_tree_id_person_id_pk" PRIMARY KEY("tree_id","person_id")
);
--> statement-breakpoint
ALTER TABLE "person_portrait" ADD CONSTRAINT "person_portrait_tree_id_person_id_person_tree_id_id_fk" FOREIGN KEY ("tree_id","person_id") REFERENCES "public"."person"("tree_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_portrait" ADD CONSTRAINT "person_portrait_tree_id_media_id_media_object_tree_id_id_fk" FOREIGN KEY ("tree_id","media_id") REFERENCES "public"."media_object"("tree_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "person_portrait_media_idx" ON "person_portrait" USING btree ("tree_id","media_id");--> statement-breakpoint
-- Recorded in the change history as a part of the person (see 0018_history.sql and history.tables.ts).
CREATE TRIGGER "person_portrait_history_insert" AFTER INSERT ON "person_portrait" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_history_record"('person_id', 'media_id', 'part');--> statement-breakpoint
CREATE TRIGGER "person_portrait_history_update" AFTER UPDATE ON "person_portrait" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_history_record"('person_id', 'media_id', 'part');--> statement-breakpoint
CREATE TRIGGER "person_portrait_history_delete" AFTER DELETE ON "person_portrait" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_history_record"('person_id', 'media_id', 'part');
