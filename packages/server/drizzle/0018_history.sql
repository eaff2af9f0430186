-- Change history (issue 21): every change to a tree-owned table is recorded, in the same
-- transaction, as a row of history_change grouped by a change set (one user action). The service
-- layer opens the change set (modules/history/change-set.ts) and names it in transaction-local
-- settings; the statement-level triggers below read them. A write that opened none is recorded
-- under an automatic change set (no user), so nothing is ever lost; the value 'off' (a backup
-- restored) records nothing, and the rows of a deleted tree go with it.
CREATE SEQUENCE "history_change_set_id_seq";
--> statement-breakpoint
CREATE SEQUENCE "history_change_seq";
--> statement-breakpoint
CREATE TABLE "history_change_set" (
	"tree_id" uuid NOT NULL,
	"id" bigint NOT NULL,
	"user_id" text,
	"kind" text NOT NULL,
	"undoes" bigint,
	"undone_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "history_change_set_tree_id_id_pk" PRIMARY KEY("tree_id","id")
);
--> statement-breakpoint
CREATE INDEX "history_change_set_kind_idx" ON "history_change_set" USING btree ("tree_id","kind","id");
--> statement-breakpoint
CREATE TABLE "history_change" (
	"tree_id" uuid NOT NULL,
	"change_set_id" bigint NOT NULL,
	"seq" bigint DEFAULT nextval('history_change_seq') NOT NULL,
	"tbl" text NOT NULL,
	"op" text NOT NULL,
	"node_id" uuid NOT NULL,
	"related_id" uuid,
	"old" jsonb,
	"new" jsonb,
	CONSTRAINT "history_change_tree_id_change_set_id_seq_pk" PRIMARY KEY("tree_id","change_set_id","seq")
);
--> statement-breakpoint
CREATE INDEX "history_change_node_idx" ON "history_change" USING btree ("tree_id","node_id","change_set_id");
--> statement-breakpoint
CREATE INDEX "history_change_related_idx" ON "history_change" USING btree ("tree_id","related_id","change_set_id") WHERE "related_id" IS NOT NULL;
--> statement-breakpoint
-- The change set of this transaction, named by the service in transaction-local settings:
-- anor.change_set (its id, or 'off'), anor.change_tree, anor.change_user, anor.change_kind (a kind
-- the service names, or empty: named by what the change set did). Without them, an automatic change
-- set (no user) is named here, once per transaction; the rows of a tree being deleted (its cascade)
-- are not recorded. Null: record nothing.
CREATE FUNCTION "anor_history_change_set"(p_tree uuid) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  cs text := current_setting('anor.change_set', true);
  new_id bigint;
BEGIN
  IF cs = 'off' THEN RETURN NULL; END IF;
  IF cs IS NOT NULL AND cs <> '' THEN RETURN cs::bigint; END IF;
  IF p_tree IS NULL OR NOT EXISTS (SELECT 1 FROM "tree" t WHERE t."id" = p_tree) THEN RETURN NULL; END IF;
  new_id := nextval('history_change_set_id_seq');
  PERFORM set_config('anor.change_set', new_id::text, true), set_config('anor.change_tree', p_tree::text, true),
    set_config('anor.change_user', '', true), set_config('anor.change_kind', 'automatic', true),
    set_config('anor.change_did', '', true);
  RETURN new_id;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "anor_history_kind_rank"(kind text) RETURNS int LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE kind WHEN 'delete' THEN 5 WHEN 'create' THEN 4 WHEN 'relate' THEN 3 WHEN 'unrelate' THEN 2 ELSE 1 END
$$;
--> statement-breakpoint
-- After rows were recorded: the change set's own row, made with its first rows (a write that changed
-- nothing leaves none), its kind raised to the strongest thing it did (delete, create, relate,
-- unrelate, update) unless the service named it.
CREATE FUNCTION "anor_history_did"(p_cs bigint, p_did text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  named text := nullif(current_setting('anor.change_kind', true), '');
  done text := nullif(current_setting('anor.change_did', true), '');
BEGIN
  -- Once per change set, and again only when it did something stronger (plpgsql keeps the plans).
  IF done IS NOT NULL AND (named IS NOT NULL OR "anor_history_kind_rank"(done) >= "anor_history_kind_rank"(p_did)) THEN
    RETURN;
  END IF;
  INSERT INTO "history_change_set" ("tree_id", "id", "user_id", "kind")
  VALUES (current_setting('anor.change_tree')::uuid, p_cs, nullif(current_setting('anor.change_user', true), ''),
    coalesce(named, p_did))
  ON CONFLICT ("tree_id", "id") DO UPDATE SET "kind" = excluded."kind";
  PERFORM set_config('anor.change_did', p_did, true);
END;
$$;
--> statement-breakpoint
-- One function for every tree-owned table: TG_ARGV[0] is the column that names the row's object
-- (its id, or the first end of a link), TG_ARGV[1] the link's other end ('-': none), TG_ARGV[2]
-- what the table holds (object, link or part). Inserted rows keep their own fields without the
-- columns derived from them (undoing an insert only needs the key); deleted rows keep everything
-- (undo puts them back as they were); updated rows keep only the fields that changed, before and
-- after. A statement that changed no row costs one cheap INSERT … SELECT of nothing.
CREATE FUNCTION "anor_history_record"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  node_col text := TG_ARGV[0];
  rel_col text := TG_ARGV[1];
  cs bigint;
  setting text := current_setting('anor.change_set', true);
  tree uuid;
  written int;
BEGIN
  IF setting = 'off' THEN RETURN NULL; END IF;
  IF setting IS NULL OR setting = '' THEN
    IF TG_OP = 'DELETE' THEN
      SELECT r."tree_id" INTO tree FROM old_rows r LIMIT 1;
    ELSE
      SELECT r."tree_id" INTO tree FROM new_rows r LIMIT 1;
    END IF;
    cs := "anor_history_change_set"(tree);
    IF cs IS NULL THEN RETURN NULL; END IF;
  ELSE
    cs := setting::bigint;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "history_change" ("tree_id", "change_set_id", "tbl", "op", "node_id", "related_id", "new")
    SELECT (n.j->>'tree_id')::uuid, cs, TG_TABLE_NAME, 'I', (n.j->>node_col)::uuid, (n.j->>rel_col)::uuid,
      n.j - ARRAY['tree_id', 'created_at', 'updated_at', 'revision', 'root_relation', 'search_text', 'sort_key',
        'name_key', 'title_key', 'date_from', 'date_to', 'match_keys']
    FROM (SELECT to_jsonb(r) AS j FROM new_rows r) n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "history_change" ("tree_id", "change_set_id", "tbl", "op", "node_id", "related_id", "old")
    SELECT (o.j->>'tree_id')::uuid, cs, TG_TABLE_NAME, 'D', (o.j->>node_col)::uuid, (o.j->>rel_col)::uuid,
      o.j - 'tree_id'
    FROM (SELECT to_jsonb(r) AS j FROM old_rows r) o;
  ELSE
    -- Old and new rows paired by grouping on the row's key, which is hashed or sorted whatever plan
    -- PL/pgSQL caches: a join of the two was cached as a nested loop from one-row saves, which took
    -- minutes on a statement updating 20,000 rows (the root relations after an import), and planning
    -- the join anew for each statement (EXECUTE) cost a one-row save 0.6 ms instead of 0.1 ms.
    INSERT INTO "history_change" ("tree_id", "change_set_id", "tbl", "op", "node_id", "related_id", "old", "new")
    SELECT (g.n->>'tree_id')::uuid, cs, TG_TABLE_NAME, 'U', (g.n->>node_col)::uuid, (g.n->>rel_col)::uuid,
      d.before, d.after
    FROM (
      SELECT (array_agg(u.j) FILTER (WHERE u.side = 0))[1] AS o, (array_agg(u.j) FILTER (WHERE u.side = 1))[1] AS n
      FROM (SELECT 0 AS side, to_jsonb(r) AS j FROM old_rows r UNION ALL SELECT 1, to_jsonb(r) FROM new_rows r) u
      GROUP BY u.j->>'tree_id', u.j->>node_col, u.j->>rel_col
    ) g
    CROSS JOIN LATERAL (
      SELECT jsonb_object_agg(k, g.o->k) AS before, jsonb_object_agg(k, g.n->k) AS after
      FROM jsonb_object_keys(g.n) k
      WHERE g.n->k IS DISTINCT FROM g.o->k AND k NOT IN ('updated_at', 'revision', 'root_relation')
    ) d
    WHERE g.o IS NOT NULL AND d.after IS NOT NULL;
  END IF;
  GET DIAGNOSTICS written = ROW_COUNT;
  IF written > 0 THEN
    PERFORM "anor_history_did"(cs, CASE
      WHEN TG_OP = 'UPDATE' OR TG_ARGV[2] = 'part' THEN 'update'
      WHEN TG_ARGV[2] = 'object' THEN CASE TG_OP WHEN 'INSERT' THEN 'create' ELSE 'delete' END
      ELSE CASE TG_OP WHEN 'INSERT' THEN 'relate' ELSE 'unrelate' END END);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The tree's own row: its name and root person (its counts and privacy revision are kept by triggers).
CREATE FUNCTION "anor_history_record_tree"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cs bigint;
BEGIN
  cs := "anor_history_change_set"(NEW."id");
  IF cs IS NULL THEN RETURN NULL; END IF;
  INSERT INTO "history_change" ("tree_id", "change_set_id", "tbl", "op", "node_id", "old", "new")
  SELECT NEW."id", cs, 'tree', 'U', NEW."id", jsonb_object_agg(k, o->k), jsonb_object_agg(k, n->k)
  FROM (SELECT to_jsonb(OLD) AS o, to_jsonb(NEW) AS n) r, unnest(ARRAY['name', 'root_id']) k
  WHERE n->k IS DISTINCT FROM o->k
  HAVING count(*) > 0;
  IF FOUND THEN PERFORM "anor_history_did"(cs, 'update'); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tree_history" AFTER UPDATE OF "name", "root_id" ON "tree" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."root_id" IS DISTINCT FROM NEW."root_id")
  EXECUTE FUNCTION "anor_history_record_tree"();
--> statement-breakpoint
-- The history of deleted trees goes with them (no foreign key: a per-row check on every recorded row).
CREATE FUNCTION "anor_history_tree_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "history_change" c USING deleted d WHERE c."tree_id" = d."id";
  DELETE FROM "history_change_set" s USING deleted d WHERE s."tree_id" = d."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tree_history_delete" AFTER DELETE ON "tree" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "anor_history_tree_deleted"();
--> statement-breakpoint
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('person', 'id', '-', 'object'), ('person_name', 'person_id', 'id', 'part'), ('location', 'id', '-', 'object'),
    ('event', 'id', '-', 'object'), ('repository', 'id', '-', 'object'), ('source_record', 'id', '-', 'object'),
    ('citation', 'id', '-', 'object'), ('note', 'id', '-', 'object'), ('media_object', 'id', '-', 'object'),
    ('gedcom_extra', 'node_id', '-', 'part'),
    ('parent_child', 'child_id', 'parent_id', 'link'), ('partner', 'person_a', 'person_b', 'link'),
    ('sibling_link', 'person_a', 'person_b', 'link'), ('event_participant', 'event_id', 'person_id', 'link'),
    ('citation_link', 'node_id', 'citation_id', 'link'), ('note_link', 'node_id', 'note_id', 'link'),
    ('media_link', 'node_id', 'media_id', 'link')
  ) AS v(tbl, node_col, rel_col, holds) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "anor_history_record"(%L, %L, %L)',
      t.tbl || '_history_insert', t.tbl, t.node_col, t.rel_col, t.holds);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "anor_history_record"(%L, %L, %L)',
      t.tbl || '_history_update', t.tbl, t.node_col, t.rel_col, t.holds);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "anor_history_record"(%L, %L, %L)',
      t.tbl || '_history_delete', t.tbl, t.node_col, t.rel_col, t.holds);
  END LOOP;
END;
$$;
