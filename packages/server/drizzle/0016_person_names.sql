CREATE TABLE "person_name" (
	"tree_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"type" text NOT NULL,
	"type_text" text,
	"f_name" text,
	"p_name" text,
	"l_name" text,
	"from_date" text,
	"to_date" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_name_tree_id_id_pk" PRIMARY KEY("tree_id","id")
);
--> statement-breakpoint
ALTER TABLE "person_name" ADD CONSTRAINT "person_name_tree_id_person_id_person_tree_id_id_fk" FOREIGN KEY ("tree_id","person_id") REFERENCES "public"."person"("tree_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "person_name_person_idx" ON "person_name" USING btree ("tree_id","person_id","position");--> statement-breakpoint
-- Unknown names sort last (issue 19, item 15): a missing last name, and a missing first name, now
-- have the key U+FFFF instead of the empty name's key (two U+0001), as @anor/core personSortKey writes it.
UPDATE "person" SET "sort_key" = CASE
    WHEN substr("sort_key", 1, 5) = chr(1) || chr(1) || chr(2) || chr(1) || chr(1)
      THEN chr(65535) || chr(2) || chr(65535) || substr("sort_key", 6)
    ELSE chr(65535) || substr("sort_key", 3)
  END
  WHERE substr("sort_key", 1, 3) = chr(1) || chr(1) || chr(2);--> statement-breakpoint
UPDATE "person" SET "sort_key" = substr("sort_key", 1, strpos("sort_key", chr(2))) || chr(65535) || substr("sort_key", strpos("sort_key", chr(2)) + 3)
  WHERE substr("sort_key", 1, 1) <> chr(65535)
    AND substr("sort_key", strpos("sort_key", chr(2)) + 1, 3) = chr(1) || chr(1) || chr(2);--> statement-breakpoint
-- Å, ä, ö, æ and ø are letters of their own in search (issue 19, item 15): the search text of a
-- person whose names hold one gets the names folded the Nordic way on a first line, before the
-- fully folded text it had (see @anor/core personSearchText). New writes compute it exactly; here the
-- common accents are folded in SQL.
UPDATE "person" SET "search_text" = k."nordic" || chr(10) || "person"."search_text"
  FROM (
    SELECT "tree_id", "id", translate(
        lower(concat_ws(' ', nullif(trim("f_name"), ''), nullif(trim("p_name"), ''), nullif(trim("l_name"), ''), nullif(trim("occupation"), ''))),
        'áàâãāăąéèêëēėęěíìîïīįóòôõōőúùûüūůűýÿçćčñńňšśşžźżřďťľĺŀ',
        'aaaaaaaeeeeeeeeiiiiiiooooooouuuuuuuyyccnnnssszzzrdtlll'
      ) AS "nordic"
    FROM "person"
    WHERE concat_ws(' ', "f_name", "p_name", "l_name", "occupation") ~ '[ÅÄÖÆØåäöæø]'
  ) k
  WHERE "person"."tree_id" = k."tree_id" AND "person"."id" = k."id" AND strpos("person"."search_text", chr(10)) = 0;
--> statement-breakpoint
-- A new tree's nameless root was written without a sort key (''), which sorted it first.
UPDATE "person" SET "sort_key" = chr(65535) || chr(2) || chr(65535) || chr(2) || chr(1) || chr(1)
  WHERE "sort_key" = '' AND coalesce(trim("f_name"), '') = '' AND coalesce(trim("l_name"), '') = '' AND coalesce("p_name", '') = '';
