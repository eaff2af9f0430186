CREATE TABLE "location" (
	"tree_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"type" text,
	"description" text,
	"lat" double precision,
	"lng" double precision,
	"primary_link" text,
	"sort_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "location_tree_id_id_pk" PRIMARY KEY("tree_id","id"),
	CONSTRAINT "location_coordinates" CHECK (("location"."lat" is null) = ("location"."lng" is null))
);
--> statement-breakpoint
ALTER TABLE "tree" ADD COLUMN "locations_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "location" ADD CONSTRAINT "location_tree_id_tree_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."tree"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location" ADD CONSTRAINT "location_tree_id_parent_id_location_tree_id_id_fk" FOREIGN KEY ("tree_id","parent_id") REFERENCES "public"."location"("tree_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_parent_idx" ON "location" USING btree ("tree_id","parent_id","name_key");--> statement-breakpoint
CREATE INDEX "location_name_key_idx" ON "location" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION "anor_count_locations_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tree" t SET "locations_count" = t."locations_count" + n.amount
  FROM (SELECT "tree_id", count(*) AS amount FROM inserted GROUP BY "tree_id") n
  WHERE t."id" = n."tree_id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "anor_count_locations_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tree" t SET "locations_count" = t."locations_count" - n.amount
  FROM (SELECT "tree_id", count(*) AS amount FROM deleted GROUP BY "tree_id") n
  WHERE t."id" = n."tree_id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "location_count_insert" AFTER INSERT ON "location" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_count_locations_inserted"();
--> statement-breakpoint
CREATE TRIGGER "location_count_delete" AFTER DELETE ON "location" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_count_locations_deleted"();
