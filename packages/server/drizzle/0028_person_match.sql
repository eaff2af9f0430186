-- The duplicate finder's stored matching features (issue 21): per person, the birth (else baptism)
-- and death (else burial) years and places as the primary participant, and the ids of up to two
-- parents. Derived data, kept by the triggers below in the same statement as every write of
-- events, participations and parent links (saves, imports, merges, undo and trash restores alike),
-- so the finder reads them instead of aggregating every event of the tree at each run. The name keys
-- stay in person.match_keys (folded in TypeScript, written with the names; 0019). Not recorded in the
-- change history and left out of backups: a person without a row (written before this migration's
-- backfill, or a restored database) is computed at the finder's next run, set-wise.
CREATE TABLE "person_match" (
	"tree_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"born" integer,
	"died" integer,
	"birth_place" uuid,
	"death_place" uuid,
	"parent_a" uuid,
	"parent_b" uuid,
	CONSTRAINT "person_match_tree_id_person_id_pk" PRIMARY KEY("tree_id","person_id")
);
--> statement-breakpoint
ALTER TABLE "person_match" ADD CONSTRAINT "person_match_tree_id_person_id_person_tree_id_id_fk" FOREIGN KEY ("tree_id","person_id") REFERENCES "public"."person"("tree_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The features of these persons of a tree (p_ids: looked up per person through the participant and
-- parent indexes) or of all its persons (p_ids null: grouped and hash-joined), written where they
-- changed. The statement is written out twice, so that PL/pgSQL plans each once: a condition such as
-- "p_ids IS NULL OR id = ANY (p_ids)" would leave a cached plan scanning the whole tree for one save.
-- Parents' ids ordered as text ("C"), so that parent_a and parent_b do not depend on the order of links.
CREATE FUNCTION "anor_person_match_refresh"(p_tree uuid, p_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_ids IS NOT NULL THEN
    INSERT INTO "person_match" ("tree_id", "person_id", "born", "died", "birth_place", "death_place", "parent_a", "parent_b")
    SELECT p."tree_id", p."id", l.born, l.died, l.birth_place::uuid, l.death_place::uuid, r.parent_a::uuid, r.parent_b::uuid
    FROM "person" p
    LEFT JOIN (
      SELECT x.id,
        coalesce(min(x.y) FILTER (WHERE x.type = 'birth'), min(x.y) FILTER (WHERE x.type = 'baptism')) AS born,
        coalesce(max(x.y) FILTER (WHERE x.type = 'death'), max(x.y) FILTER (WHERE x.type = 'burial')) AS died,
        min(x.place) FILTER (WHERE x.type = 'birth') AS birth_place,
        min(x.place) FILTER (WHERE x.type = 'death') AS death_place
      FROM (
        SELECT ep."person_id" AS id, e."type", date_part('year', coalesce(e."date_from", e."date_to"))::int AS y,
          e."location_id"::text COLLATE "C" AS place
        FROM "event_participant" ep
        JOIN "event" e ON e."tree_id" = ep."tree_id" AND e."id" = ep."event_id"
        WHERE ep."tree_id" = p_tree AND ep."role" = 'primary' AND ep."person_id" = ANY (p_ids)
          AND e."type" IN ('birth', 'baptism', 'death', 'burial')
          AND coalesce(e."subtype", '') NOT IN ('alternativeBirth', 'alternativeDeath')
      ) x
      GROUP BY x.id
    ) l ON l.id = p."id"
    LEFT JOIN (
      SELECT pc."child_id" AS id, min(pc."parent_id"::text COLLATE "C") AS parent_a,
        nullif(max(pc."parent_id"::text COLLATE "C"), min(pc."parent_id"::text COLLATE "C")) AS parent_b
      FROM "parent_child" pc
      WHERE pc."tree_id" = p_tree AND pc."child_id" = ANY (p_ids)
      GROUP BY pc."child_id"
    ) r ON r.id = p."id"
    WHERE p."tree_id" = p_tree AND p."id" = ANY (p_ids)
    ON CONFLICT ("tree_id", "person_id") DO UPDATE SET
      "born" = excluded."born", "died" = excluded."died", "birth_place" = excluded."birth_place",
      "death_place" = excluded."death_place", "parent_a" = excluded."parent_a", "parent_b" = excluded."parent_b"
    WHERE ("person_match"."born", "person_match"."died", "person_match"."birth_place", "person_match"."death_place",
           "person_match"."parent_a", "person_match"."parent_b")
      IS DISTINCT FROM (excluded."born", excluded."died", excluded."birth_place", excluded."death_place",
           excluded."parent_a", excluded."parent_b");
  ELSE
    INSERT INTO "person_match" ("tree_id", "person_id", "born", "died", "birth_place", "death_place", "parent_a", "parent_b")
    SELECT p."tree_id", p."id", l.born, l.died, l.birth_place::uuid, l.death_place::uuid, r.parent_a::uuid, r.parent_b::uuid
    FROM "person" p
    LEFT JOIN (
      SELECT x.id,
        coalesce(min(x.y) FILTER (WHERE x.type = 'birth'), min(x.y) FILTER (WHERE x.type = 'baptism')) AS born,
        coalesce(max(x.y) FILTER (WHERE x.type = 'death'), max(x.y) FILTER (WHERE x.type = 'burial')) AS died,
        min(x.place) FILTER (WHERE x.type = 'birth') AS birth_place,
        min(x.place) FILTER (WHERE x.type = 'death') AS death_place
      FROM (
        SELECT ep."person_id" AS id, e."type", date_part('year', coalesce(e."date_from", e."date_to"))::int AS y,
          e."location_id"::text COLLATE "C" AS place
        FROM "event_participant" ep
        JOIN "event" e ON e."tree_id" = ep."tree_id" AND e."id" = ep."event_id"
        WHERE ep."tree_id" = p_tree AND ep."role" = 'primary'
          AND e."type" IN ('birth', 'baptism', 'death', 'burial')
          AND coalesce(e."subtype", '') NOT IN ('alternativeBirth', 'alternativeDeath')
      ) x
      GROUP BY x.id
    ) l ON l.id = p."id"
    LEFT JOIN (
      SELECT pc."child_id" AS id, min(pc."parent_id"::text COLLATE "C") AS parent_a,
        nullif(max(pc."parent_id"::text COLLATE "C"), min(pc."parent_id"::text COLLATE "C")) AS parent_b
      FROM "parent_child" pc
      WHERE pc."tree_id" = p_tree
      GROUP BY pc."child_id"
    ) r ON r.id = p."id"
    WHERE p."tree_id" = p_tree
    ON CONFLICT ("tree_id", "person_id") DO UPDATE SET
      "born" = excluded."born", "died" = excluded."died", "birth_place" = excluded."birth_place",
      "death_place" = excluded."death_place", "parent_a" = excluded."parent_a", "parent_b" = excluded."parent_b"
    WHERE ("person_match"."born", "person_match"."died", "person_match"."birth_place", "person_match"."death_place",
           "person_match"."parent_a", "person_match"."parent_b")
      IS DISTINCT FROM (excluded."born", excluded."died", excluded."birth_place", excluded."death_place",
           excluded."parent_a", excluded."parent_b");
  END IF;
END;
$$;
--> statement-breakpoint
-- The persons whose features a statement may have changed: the primary participants of changed
-- events, the persons of changed participations, the children of changed parent links; recomputed
-- set-wise once per tree and statement. A tree deleted in this statement is no longer seen, so its
-- cascades compute nothing; a deleted person's row goes with it (the foreign key).
CREATE FUNCTION "anor_person_match_touched"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN EXECUTE CASE TG_TABLE_NAME
    WHEN 'event' THEN
      'SELECT ep.tree_id, array_agg(DISTINCT ep.person_id) AS ids FROM changed c
         JOIN "event_participant" ep ON ep.tree_id = c.tree_id AND ep.event_id = c.id AND ep.role = ''primary''
         JOIN "tree" t ON t.id = c.tree_id
       GROUP BY ep.tree_id'
    WHEN 'event_participant' THEN
      'SELECT c.tree_id, array_agg(DISTINCT c.person_id) AS ids FROM changed c JOIN "tree" t ON t.id = c.tree_id
       WHERE c.role = ''primary'' GROUP BY c.tree_id'
    ELSE
      'SELECT c.tree_id, array_agg(DISTINCT c.child_id) AS ids FROM changed c JOIN "tree" t ON t.id = c.tree_id
       GROUP BY c.tree_id'
  END
  LOOP
    PERFORM "anor_person_match_refresh"(r.tree_id, r.ids);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "event_person_match_update" AFTER UPDATE ON "event" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_person_match_touched"();
--> statement-breakpoint
CREATE TRIGGER "event_participant_person_match_insert" AFTER INSERT ON "event_participant" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_person_match_touched"();
--> statement-breakpoint
CREATE TRIGGER "event_participant_person_match_delete" AFTER DELETE ON "event_participant" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_person_match_touched"();
--> statement-breakpoint
CREATE TRIGGER "event_participant_person_match_update_new" AFTER UPDATE ON "event_participant" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_person_match_touched"();
--> statement-breakpoint
CREATE TRIGGER "event_participant_person_match_update_old" AFTER UPDATE ON "event_participant" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_person_match_touched"();
--> statement-breakpoint
CREATE TRIGGER "parent_child_person_match_insert" AFTER INSERT ON "parent_child" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_person_match_touched"();
--> statement-breakpoint
CREATE TRIGGER "parent_child_person_match_delete" AFTER DELETE ON "parent_child" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_person_match_touched"();
--> statement-breakpoint
CREATE TRIGGER "parent_child_person_match_update_new" AFTER UPDATE ON "parent_child" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_person_match_touched"();
--> statement-breakpoint
CREATE TRIGGER "parent_child_person_match_update_old" AFTER UPDATE ON "parent_child" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_person_match_touched"();
--> statement-breakpoint
-- The features of every existing tree, set-wise, one tree at a time.
SELECT "anor_person_match_refresh"(t."id", NULL) FROM "tree" t;
