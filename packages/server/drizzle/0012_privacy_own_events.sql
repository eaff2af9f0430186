-- Issue 18, item 7: a person's own dated events within the living years keep them private whatever
-- their relatives' dates say, so the rule now reads every dated event of a person, in any role, not
-- only the primary person's births and deaths. The triggers name the persons of those events too.
CREATE OR REPLACE FUNCTION "anor_privacy_touched"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  persons text;
BEGIN
  -- The persons whose own facts changed: every participant of a changed event that is a life event
  -- or dated, the persons of changed participations, both ends of changed parent links. The next
  -- visit reconsiders them with their parents and children, instead of the whole tree. A row named
  -- again gets this transaction's id as its version (and this write's lock), so a refresh that
  -- read it before cannot take it away. A tree deleted in this statement is no longer seen, so its
  -- cascades leave nothing behind.
  persons := CASE TG_TABLE_NAME
    WHEN 'event' THEN format(
      'SELECT ep.tree_id, ep.person_id FROM changed JOIN "event_participant" ep
         ON ep.tree_id = changed.tree_id AND ep.event_id = changed.id
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
DROP TRIGGER "event_privacy_insert" ON "event";--> statement-breakpoint
DROP TRIGGER "event_privacy_delete" ON "event";--> statement-breakpoint
DROP TRIGGER "event_privacy_update_new" ON "event";--> statement-breakpoint
DROP TRIGGER "event_privacy_update_old" ON "event";--> statement-breakpoint
DROP TRIGGER "event_participant_privacy_insert" ON "event_participant";--> statement-breakpoint
DROP TRIGGER "event_participant_privacy_delete" ON "event_participant";--> statement-breakpoint
DROP TRIGGER "event_participant_privacy_update_new" ON "event_participant";--> statement-breakpoint
DROP TRIGGER "event_participant_privacy_update_old" ON "event_participant";--> statement-breakpoint
CREATE TRIGGER "event_privacy_insert" AFTER INSERT ON "event" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_privacy_touched"('type in (''birth'', ''baptism'', ''death'', ''burial'') or date_from is not null or date_to is not null');
--> statement-breakpoint
CREATE TRIGGER "event_privacy_delete" AFTER DELETE ON "event" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_privacy_touched"('type in (''birth'', ''baptism'', ''death'', ''burial'') or date_from is not null or date_to is not null');
--> statement-breakpoint
CREATE TRIGGER "event_privacy_update_new" AFTER UPDATE ON "event" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_privacy_touched"('type in (''birth'', ''baptism'', ''death'', ''burial'') or date_from is not null or date_to is not null');
--> statement-breakpoint
CREATE TRIGGER "event_privacy_update_old" AFTER UPDATE ON "event" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_privacy_touched"('type in (''birth'', ''baptism'', ''death'', ''burial'') or date_from is not null or date_to is not null');
--> statement-breakpoint
CREATE TRIGGER "event_participant_privacy_insert" AFTER INSERT ON "event_participant" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_privacy_touched"('true');
--> statement-breakpoint
CREATE TRIGGER "event_participant_privacy_delete" AFTER DELETE ON "event_participant" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_privacy_touched"('true');
--> statement-breakpoint
CREATE TRIGGER "event_participant_privacy_update_new" AFTER UPDATE ON "event_participant" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_privacy_touched"('true');
--> statement-breakpoint
CREATE TRIGGER "event_participant_privacy_update_old" AFTER UPDATE ON "event_participant" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_privacy_touched"('true');
--> statement-breakpoint
-- Every cache was computed by the old rule, which made some persons public that the new one keeps
-- private: drop them all, so each tree's next visit recomputes it whole (until then, all private).
DELETE FROM "person_public";--> statement-breakpoint
DELETE FROM "tree_privacy";
