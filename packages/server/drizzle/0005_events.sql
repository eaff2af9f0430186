CREATE TABLE "event" (
	"tree_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"subtype" text,
	"type_name" text,
	"type_name_verb" text,
	"start_date" text,
	"start_date_type" text,
	"end_date" text,
	"end_date_type" text,
	"date_from" date,
	"date_to" date,
	"cause_of_event" text,
	"description" text,
	"location_id" uuid,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_tree_id_id_pk" PRIMARY KEY("tree_id","id")
);
--> statement-breakpoint
CREATE TABLE "event_participant" (
	"tree_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"role" text NOT NULL,
	"description" text,
	"start_date" text,
	"start_date_type" text,
	"end_date" text,
	"end_date_type" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_participant_tree_id_event_id_person_id_pk" PRIMARY KEY("tree_id","event_id","person_id")
);
--> statement-breakpoint
ALTER TABLE "tree" ADD COLUMN "events_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_tree_id_tree_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."tree"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_tree_id_location_id_location_tree_id_id_fk" FOREIGN KEY ("tree_id","location_id") REFERENCES "public"."location"("tree_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_participant" ADD CONSTRAINT "event_participant_tree_id_event_id_event_tree_id_id_fk" FOREIGN KEY ("tree_id","event_id") REFERENCES "public"."event"("tree_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_participant" ADD CONSTRAINT "event_participant_tree_id_person_id_person_tree_id_id_fk" FOREIGN KEY ("tree_id","person_id") REFERENCES "public"."person"("tree_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_type_idx" ON "event" USING btree ("tree_id","type",coalesce("date_from", "date_to"));--> statement-breakpoint
CREATE INDEX "event_sort_idx" ON "event" USING btree ("tree_id",coalesce("date_from", "date_to"));--> statement-breakpoint
CREATE INDEX "event_location_idx" ON "event" USING btree ("tree_id","location_id") WHERE "event"."location_id" is not null;--> statement-breakpoint
CREATE INDEX "event_participant_person_idx" ON "event_participant" USING btree ("tree_id","person_id");
--> statement-breakpoint
CREATE FUNCTION "anor_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the tree column that counts this table's rows.
  EXECUTE format(
    'UPDATE "tree" t SET %1$I = t.%1$I + n.amount FROM (SELECT "tree_id", count(*) AS amount FROM inserted GROUP BY "tree_id") n WHERE t."id" = n."tree_id"',
    TG_ARGV[0]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "anor_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'UPDATE "tree" t SET %1$I = t.%1$I - n.amount FROM (SELECT "tree_id", count(*) AS amount FROM deleted GROUP BY "tree_id") n WHERE t."id" = n."tree_id"',
    TG_ARGV[0]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "event_count_insert" AFTER INSERT ON "event" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_count_inserted"('events_count');
--> statement-breakpoint
CREATE TRIGGER "event_count_delete" AFTER DELETE ON "event" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_count_deleted"('events_count');
