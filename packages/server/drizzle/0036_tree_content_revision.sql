-- Issue 24: the data-quality report is computed from the whole tree (persons, events and their
-- participants, parent links, places, citations of events), which on a 100,000-node tree takes
-- seconds. The service keeps the last computation per tree and uses it again while the tree's
-- content_revision is unchanged: statement-level triggers raise it once per statement that
-- changes rows of any table the report reads, whoever writes (the API, an import, undo, a merge,
-- a restore), so a kept report is never older than the tree.
ALTER TABLE "tree" ADD COLUMN "content_revision" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "anor_content_touched"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tree" t SET "content_revision" = t."content_revision" + 1
  WHERE t."id" IN (SELECT DISTINCT "tree_id" FROM changed);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['person', 'event', 'event_participant', 'parent_child', 'location', 'citation_link'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "anor_content_touched"()',
      t || '_content_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "anor_content_touched"()',
      t || '_content_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "anor_content_touched"()',
      t || '_content_delete', t);
  END LOOP;
END;
$$;
