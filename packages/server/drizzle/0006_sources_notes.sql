CREATE TABLE "citation" (
	"tree_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"record_id" uuid,
	"where_within_source_text" text,
	"where_within_source_url" text,
	"text_from_source" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"event_cited_from" text,
	"event_cited_from_role" text,
	"entry_recording_date" text,
	"certainty_assessment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "citation_tree_id_id_pk" PRIMARY KEY("tree_id","id")
);
--> statement-breakpoint
CREATE TABLE "citation_link" (
	"tree_id" uuid NOT NULL,
	"citation_id" uuid NOT NULL,
	"node_id" uuid NOT NULL,
	"node_kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "citation_link_tree_id_node_id_citation_id_pk" PRIMARY KEY("tree_id","node_id","citation_id")
);
--> statement-breakpoint
CREATE TABLE "media_object" (
	"tree_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"file_reference" text NOT NULL,
	"format" text,
	"type" text,
	"title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_object_tree_id_id_pk" PRIMARY KEY("tree_id","id")
);
--> statement-breakpoint
CREATE TABLE "note" (
	"tree_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"title" text,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "note_tree_id_id_pk" PRIMARY KEY("tree_id","id")
);
--> statement-breakpoint
CREATE TABLE "note_link" (
	"tree_id" uuid NOT NULL,
	"note_id" uuid NOT NULL,
	"node_id" uuid NOT NULL,
	"node_kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "note_link_tree_id_node_id_note_id_pk" PRIMARY KEY("tree_id","node_id","note_id")
);
--> statement-breakpoint
CREATE TABLE "repository" (
	"tree_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"title" text NOT NULL,
	"title_key" text NOT NULL,
	"address" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"country" text,
	"phone" text,
	"email" text,
	"fax" text,
	"www" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repository_tree_id_id_pk" PRIMARY KEY("tree_id","id")
);
--> statement-breakpoint
CREATE TABLE "source_record" (
	"tree_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"repository_id" uuid,
	"title" text NOT NULL,
	"title_key" text NOT NULL,
	"originator" text,
	"filed_by_entry" text,
	"publication_facts" text,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "source_record_tree_id_id_pk" PRIMARY KEY("tree_id","id")
);
--> statement-breakpoint
ALTER TABLE "tree" ADD COLUMN "sources_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "citation" ADD CONSTRAINT "citation_tree_id_tree_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."tree"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citation" ADD CONSTRAINT "citation_tree_id_record_id_source_record_tree_id_id_fk" FOREIGN KEY ("tree_id","record_id") REFERENCES "public"."source_record"("tree_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citation_link" ADD CONSTRAINT "citation_link_tree_id_citation_id_citation_tree_id_id_fk" FOREIGN KEY ("tree_id","citation_id") REFERENCES "public"."citation"("tree_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_object" ADD CONSTRAINT "media_object_tree_id_tree_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."tree"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note" ADD CONSTRAINT "note_tree_id_tree_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."tree"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_link" ADD CONSTRAINT "note_link_tree_id_note_id_note_tree_id_id_fk" FOREIGN KEY ("tree_id","note_id") REFERENCES "public"."note"("tree_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repository" ADD CONSTRAINT "repository_tree_id_tree_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."tree"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_record" ADD CONSTRAINT "source_record_tree_id_tree_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."tree"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_record" ADD CONSTRAINT "source_record_tree_id_repository_id_repository_tree_id_id_fk" FOREIGN KEY ("tree_id","repository_id") REFERENCES "public"."repository"("tree_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "citation_record_idx" ON "citation" USING btree ("tree_id","record_id") WHERE "citation"."record_id" is not null;--> statement-breakpoint
CREATE INDEX "citation_link_citation_idx" ON "citation_link" USING btree ("tree_id","citation_id");--> statement-breakpoint
CREATE INDEX "note_link_note_idx" ON "note_link" USING btree ("tree_id","note_id");--> statement-breakpoint
CREATE INDEX "repository_title_idx" ON "repository" USING btree ("tree_id","title_key");--> statement-breakpoint
CREATE INDEX "source_record_title_idx" ON "source_record" USING btree ("tree_id","title_key");--> statement-breakpoint
CREATE INDEX "source_record_repository_idx" ON "source_record" USING btree ("tree_id","repository_id") WHERE "source_record"."repository_id" is not null;--> statement-breakpoint
CREATE TRIGGER "repository_count_insert" AFTER INSERT ON "repository" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_count_inserted"('sources_count');
--> statement-breakpoint
CREATE TRIGGER "repository_count_delete" AFTER DELETE ON "repository" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_count_deleted"('sources_count');
--> statement-breakpoint
CREATE TRIGGER "source_record_count_insert" AFTER INSERT ON "source_record" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_count_inserted"('sources_count');
--> statement-breakpoint
CREATE TRIGGER "source_record_count_delete" AFTER DELETE ON "source_record" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_count_deleted"('sources_count');
--> statement-breakpoint
CREATE TRIGGER "citation_count_insert" AFTER INSERT ON "citation" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_count_inserted"('sources_count');
--> statement-breakpoint
CREATE TRIGGER "citation_count_delete" AFTER DELETE ON "citation" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_count_deleted"('sources_count');
--> statement-breakpoint
-- Links to deleted nodes go with them: one statement per deleting statement, whatever deleted them
-- (a person's deletion taking their events, a tree's deletion, a place with its descendants).
CREATE FUNCTION "anor_unlink_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "note_link" l USING deleted d WHERE l."tree_id" = d."tree_id" AND l."node_id" = d."id";
  DELETE FROM "citation_link" l USING deleted d WHERE l."tree_id" = d."tree_id" AND l."node_id" = d."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "person_unlink_delete" AFTER DELETE ON "person" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_unlink_deleted"();
--> statement-breakpoint
CREATE TRIGGER "event_unlink_delete" AFTER DELETE ON "event" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_unlink_deleted"();
--> statement-breakpoint
CREATE TRIGGER "location_unlink_delete" AFTER DELETE ON "location" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_unlink_deleted"();
--> statement-breakpoint
CREATE TRIGGER "citation_unlink_delete" AFTER DELETE ON "citation" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_unlink_deleted"();
--> statement-breakpoint
CREATE TRIGGER "source_record_unlink_delete" AFTER DELETE ON "source_record" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_unlink_deleted"();
--> statement-breakpoint
CREATE TRIGGER "repository_unlink_delete" AFTER DELETE ON "repository" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_unlink_deleted"();
--> statement-breakpoint
CREATE TRIGGER "note_unlink_delete" AFTER DELETE ON "note" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_unlink_deleted"();
