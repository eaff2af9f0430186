CREATE TABLE "person_privacy_dirty" (
	"tree_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"version" bigint DEFAULT txid_current() NOT NULL,
	CONSTRAINT "person_privacy_dirty_tree_id_person_id_pk" PRIMARY KEY("tree_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "tree_privacy" (
	"tree_id" uuid PRIMARY KEY NOT NULL,
	"computed_revision" integer NOT NULL,
	"computed_on" date NOT NULL,
	"computed_years" integer NOT NULL,
	"public_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "person_public" DROP CONSTRAINT "person_public_tree_id_tree_id_fk";
--> statement-breakpoint
ALTER TABLE "person_public" ADD COLUMN "sort_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "person_public_sort_idx" ON "person_public" USING btree ("tree_id","sort_key" collate "C","person_id");--> statement-breakpoint
UPDATE "person_public" pp SET "sort_key" = p."sort_key" FROM "person" p WHERE p."tree_id" = pp."tree_id" AND p."id" = pp."person_id";
--> statement-breakpoint
-- A cache that was current carries over; one that was stale gets no row (changes made before this
-- migration named no dirty persons), so its next visit recomputes it whole.
INSERT INTO "tree_privacy" ("tree_id", "computed_revision", "computed_on", "computed_years", "public_count")
SELECT t."id", t."privacy_computed_revision", t."privacy_computed_on", t."privacy_computed_years",
  (SELECT count(*) FROM "person_public" pp WHERE pp."tree_id" = t."id")
FROM "tree" t
WHERE t."privacy_computed_revision" = t."privacy_revision" AND t."privacy_computed_on" IS NOT NULL
  AND t."privacy_computed_years" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "tree" DROP COLUMN "privacy_computed_revision";--> statement-breakpoint
ALTER TABLE "tree" DROP COLUMN "privacy_computed_on";--> statement-breakpoint
ALTER TABLE "tree" DROP COLUMN "privacy_computed_years";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "anor_privacy_touched"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  persons text;
BEGIN
  -- The persons whose own facts changed: the primary participants of changed life events, the
  -- persons of changed primary participations, both ends of changed parent links. The next visit
  -- reconsiders them with their parents and children, instead of the whole tree. A row named
  -- again gets this transaction's id as its version (and this write's lock), so a refresh that
  -- read it before cannot take it away. A tree deleted in this statement is no longer seen, so its
  -- cascades leave nothing behind.
  persons := CASE TG_TABLE_NAME
    WHEN 'event' THEN format(
      'SELECT ep.tree_id, ep.person_id FROM changed JOIN "event_participant" ep
         ON ep.tree_id = changed.tree_id AND ep.event_id = changed.id AND ep.role = ''primary''
       WHERE %s', TG_ARGV[0])
    WHEN 'event_participant' THEN format('SELECT tree_id, person_id FROM changed WHERE %s', TG_ARGV[0])
    ELSE 'SELECT tree_id, parent_id FROM changed UNION SELECT tree_id, child_id FROM changed'
  END;
  EXECUTE format(
    'INSERT INTO "person_privacy_dirty" ("tree_id", "person_id")
     SELECT DISTINCT p.tree_id, p.person_id FROM (%s) AS p (tree_id, person_id) JOIN "tree" t ON t."id" = p.tree_id
     ON CONFLICT ("tree_id", "person_id") DO UPDATE SET "version" = excluded."version"', persons);
  EXECUTE format(
    'UPDATE "tree" t SET "privacy_revision" = t."privacy_revision" + 1
     WHERE t."id" IN (SELECT DISTINCT "tree_id" FROM changed WHERE %s)',
    coalesce(TG_ARGV[0], 'true'));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "anor_person_public_sort_key"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A visitor's list pages person_public by its copy of the sort key: a renamed person moves there too.
  UPDATE "person_public" SET "sort_key" = NEW."sort_key" WHERE "tree_id" = NEW."tree_id" AND "person_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "person_public_sort_key" AFTER UPDATE OF "sort_key" ON "person"
  FOR EACH ROW WHEN (OLD."sort_key" IS DISTINCT FROM NEW."sort_key") EXECUTE FUNCTION "anor_person_public_sort_key"();
--> statement-breakpoint
CREATE FUNCTION "anor_privacy_tree_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The privacy tables have no foreign key to cascade from (see the schema). A refresh under way
  -- holds the tree's advisory lock: wait for it, so that it writes nothing after these deletes
  -- (one that starts later finds no tree).
  PERFORM pg_advisory_xact_lock(hashtext('privacy:' || d."id"::text)) FROM deleted d;
  DELETE FROM "person_privacy_dirty" x USING deleted d WHERE x."tree_id" = d."id";
  DELETE FROM "person_public" x USING deleted d WHERE x."tree_id" = d."id";
  DELETE FROM "tree_privacy" x USING deleted d WHERE x."tree_id" = d."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tree_privacy_delete" AFTER DELETE ON "tree" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_privacy_tree_deleted"();
