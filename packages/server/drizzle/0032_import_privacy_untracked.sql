-- Issue 25: an import writes a new tree, whose privacy cache does not exist yet, so its first
-- visitor-facing read computes the tree whole (modules/privacy) and names of dirty persons are of
-- no use to it. An import names its tree in the transaction-local setting anor.privacy_untracked,
-- and a statement that changed rows of that tree alone leaves the dirty persons and the privacy
-- revision as they are (before, a 100,000-person import named every person, one statement at a
-- time, and its first visit then read and deleted them all). The import deletes any cache of the
-- tree at its end (gedcom.service.ts), so the whole computation is certain.
CREATE OR REPLACE FUNCTION "anor_privacy_touched"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  persons text;
  untracked uuid := nullif(current_setting('anor.privacy_untracked', true), '')::uuid;
BEGIN
  IF untracked IS NOT NULL AND NOT EXISTS (SELECT 1 FROM changed WHERE tree_id IS DISTINCT FROM untracked) THEN
    RETURN NULL;
  END IF;
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
