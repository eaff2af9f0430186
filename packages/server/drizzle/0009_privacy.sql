CREATE TABLE "person_public" (
	"tree_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	CONSTRAINT "person_public_tree_id_person_id_pk" PRIMARY KEY("tree_id","person_id")
);
--> statement-breakpoint
ALTER TABLE "tree" ADD COLUMN "privacy_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tree" ADD COLUMN "privacy_computed_revision" integer;--> statement-breakpoint
ALTER TABLE "tree" ADD COLUMN "privacy_computed_on" date;--> statement-breakpoint
ALTER TABLE "tree" ADD COLUMN "privacy_computed_years" integer;--> statement-breakpoint
ALTER TABLE "person_public" ADD CONSTRAINT "person_public_tree_id_tree_id_fk" FOREIGN KEY ("tree_id") REFERENCES "public"."tree"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "anor_privacy_touched"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Who is presumed living may have changed in these trees: person_public is recomputed on the next
  -- visit. TG_ARGV[0] narrows it to the rows that matter: life events, primary participants.
  EXECUTE format(
    'UPDATE "tree" t SET "privacy_revision" = t."privacy_revision" + 1
     WHERE t."id" IN (SELECT DISTINCT "tree_id" FROM changed WHERE %s)',
    coalesce(TG_ARGV[0], 'true'));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "event_privacy_insert" AFTER INSERT ON "event" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_privacy_touched"('type in (''birth'', ''baptism'', ''death'', ''burial'')');
--> statement-breakpoint
CREATE TRIGGER "event_privacy_delete" AFTER DELETE ON "event" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_privacy_touched"('type in (''birth'', ''baptism'', ''death'', ''burial'')');
--> statement-breakpoint
CREATE TRIGGER "event_privacy_update_new" AFTER UPDATE ON "event" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_privacy_touched"('type in (''birth'', ''baptism'', ''death'', ''burial'')');
--> statement-breakpoint
CREATE TRIGGER "event_privacy_update_old" AFTER UPDATE ON "event" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_privacy_touched"('type in (''birth'', ''baptism'', ''death'', ''burial'')');
--> statement-breakpoint
CREATE TRIGGER "event_participant_privacy_insert" AFTER INSERT ON "event_participant" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_privacy_touched"('role = ''primary''');
--> statement-breakpoint
CREATE TRIGGER "event_participant_privacy_delete" AFTER DELETE ON "event_participant" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_privacy_touched"('role = ''primary''');
--> statement-breakpoint
CREATE TRIGGER "event_participant_privacy_update_new" AFTER UPDATE ON "event_participant" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_privacy_touched"('role = ''primary''');
--> statement-breakpoint
CREATE TRIGGER "event_participant_privacy_update_old" AFTER UPDATE ON "event_participant" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_privacy_touched"('role = ''primary''');
--> statement-breakpoint
CREATE TRIGGER "parent_child_privacy_insert" AFTER INSERT ON "parent_child" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_privacy_touched"();
--> statement-breakpoint
CREATE TRIGGER "parent_child_privacy_delete" AFTER DELETE ON "parent_child" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_privacy_touched"();
--> statement-breakpoint
CREATE TRIGGER "parent_child_privacy_update_new" AFTER UPDATE ON "parent_child" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_privacy_touched"();
--> statement-breakpoint
CREATE TRIGGER "parent_child_privacy_update_old" AFTER UPDATE ON "parent_child" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_privacy_touched"();
