ALTER TABLE "tree" ADD COLUMN "persons_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "tree" SET "persons_count" = (SELECT count(*) FROM "person" WHERE "person"."tree_id" = "tree"."id");
--> statement-breakpoint
-- Statement-level triggers with transition tables: one update per tree per statement, however
-- many persons a statement inserts (a GEDCOM import) or deletes (a cascade).
CREATE FUNCTION "anor_count_persons_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tree" t SET "persons_count" = t."persons_count" + n.amount
  FROM (SELECT "tree_id", count(*) AS amount FROM inserted GROUP BY "tree_id") n
  WHERE t."id" = n."tree_id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "anor_count_persons_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tree" t SET "persons_count" = t."persons_count" - n.amount
  FROM (SELECT "tree_id", count(*) AS amount FROM deleted GROUP BY "tree_id") n
  WHERE t."id" = n."tree_id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "person_count_insert" AFTER INSERT ON "person" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_count_persons_inserted"();
--> statement-breakpoint
CREATE TRIGGER "person_count_delete" AFTER DELETE ON "person" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_count_persons_deleted"();
