-- "Not a duplicate" marks are the owner's decisions, not derived data: recorded in the change history
-- as links between the two persons (see 0018_history.sql and history.tables.ts), so that undoing a
-- merge or restoring a deleted person from the trash brings back the marks the delete's cascade
-- removed, and a merge's moving of the other's marks to the survivor is undone with it.
CREATE TRIGGER "person_not_duplicate_history_insert" AFTER INSERT ON "person_not_duplicate" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_history_record"('person_a', 'person_b', 'link');--> statement-breakpoint
CREATE TRIGGER "person_not_duplicate_history_update" AFTER UPDATE ON "person_not_duplicate" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_history_record"('person_a', 'person_b', 'link');--> statement-breakpoint
CREATE TRIGGER "person_not_duplicate_history_delete" AFTER DELETE ON "person_not_duplicate" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_history_record"('person_a', 'person_b', 'link');
