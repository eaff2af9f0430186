-- The duplicate finder (issue 21). Each person gets the name keys it is found under
-- (@anor/core personMatchKeys: Nordic spellings and patronymics folded); they are written with
-- every name change. Rows written before this migration keep null and get their keys at the
-- finder's first run in their tree (the partial index finds them). A change of the variant table
-- that changes keys resets them to null the same way, in a migration.
ALTER TABLE "person" ADD COLUMN "match_keys" text[];
--> statement-breakpoint
CREATE INDEX "person_match_keys_idx" ON "person" USING gin ("match_keys");
--> statement-breakpoint
CREATE INDEX "person_match_keys_pending_idx" ON "person" USING btree ("tree_id") WHERE "match_keys" is null;
--> statement-breakpoint
-- Pairs the owner marked "not a duplicate": never listed again; gone with either person.
CREATE TABLE "person_not_duplicate" (
	"tree_id" uuid NOT NULL,
	"person_a" uuid NOT NULL,
	"person_b" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_not_duplicate_tree_id_person_a_person_b_pk" PRIMARY KEY("tree_id","person_a","person_b"),
	CONSTRAINT "person_not_duplicate_ordered" CHECK ("person_not_duplicate"."person_a" < "person_not_duplicate"."person_b")
);
--> statement-breakpoint
ALTER TABLE "person_not_duplicate" ADD CONSTRAINT "person_not_duplicate_tree_id_person_a_person_tree_id_id_fk" FOREIGN KEY ("tree_id","person_a") REFERENCES "public"."person"("tree_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_not_duplicate" ADD CONSTRAINT "person_not_duplicate_tree_id_person_b_person_tree_id_id_fk" FOREIGN KEY ("tree_id","person_b") REFERENCES "public"."person"("tree_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "person_not_duplicate_b_idx" ON "person_not_duplicate" USING btree ("tree_id","person_b");
--> statement-breakpoint
-- A write that changes a person's names without new keys (a path that does not compute them)
-- leaves them null, to be computed at the finder's next run, never stale.
CREATE FUNCTION "anor_person_match_keys_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."match_keys" IS NOT DISTINCT FROM OLD."match_keys"
     AND (NEW."f_name" IS DISTINCT FROM OLD."f_name" OR NEW."p_name" IS DISTINCT FROM OLD."p_name"
          OR NEW."l_name" IS DISTINCT FROM OLD."l_name") THEN
    NEW."match_keys" := NULL;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "person_match_keys_stale" BEFORE UPDATE OF "f_name", "p_name", "l_name" ON "person"
  FOR EACH ROW EXECUTE FUNCTION "anor_person_match_keys_stale"();
