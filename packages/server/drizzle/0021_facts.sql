-- Facts and alternative births (issue 20 items 3 and 6) in trees imported before them. The import
-- kept TITL, NATI, RELI, PROP, DSCR, NCHI, NMR, CAST, IDNO and SSN as events of type other named in
-- the importing user's language, with their tag in gedcom_extra; it now makes facts of the type
-- fact with their kind as data (the subtype), shown in every reader's language. An event still
-- named as the import named it, with no verb of the user's, becomes such a fact; one the user
-- renamed or gave a verb stays as the user left it. FACT becomes a fact of its own kind (its name,
-- the file's TYPE, is kept as it is). A second BIRT or DEAT the import kept as other becomes an alternative birth
-- or death. The revision is raised, so that an editor opened before does not save the old type
-- back over it. Nothing else changes: the values stay the events' descriptions.
UPDATE "event" e
SET "type" = 'fact', "subtype" = n."kind", "type_name" = NULL, "revision" = e."revision" + 1
FROM "gedcom_extra" x, (VALUES
    ('TITL', 'title', 'Titel'),
    ('TITL', 'title', 'Title'),
    ('TITL', 'title', 'Tittel'),
    ('TITL', 'title', 'Arvonimi'),
    ('NATI', 'nationality', 'Nationalitet'),
    ('NATI', 'nationality', 'Nationality'),
    ('NATI', 'nationality', 'Nasjonalitet'),
    ('NATI', 'nationality', 'Kansallisuus'),
    ('RELI', 'religion', 'Religion'),
    ('RELI', 'religion', 'Uskonto'),
    ('PROP', 'property', 'Egendom'),
    ('PROP', 'property', 'Property'),
    ('PROP', 'property', 'Ejendom'),
    ('PROP', 'property', 'Eiendom'),
    ('PROP', 'property', 'Omaisuus'),
    ('DSCR', 'physicalDescription', 'Utseende'),
    ('DSCR', 'physicalDescription', 'Physical description'),
    ('DSCR', 'physicalDescription', 'Udseende'),
    ('DSCR', 'physicalDescription', 'Ulkonäkö'),
    ('NCHI', 'childCount', 'Antal barn'),
    ('NCHI', 'childCount', 'Number of children'),
    ('NCHI', 'childCount', 'Antal børn'),
    ('NCHI', 'childCount', 'Antall barn'),
    ('NCHI', 'childCount', 'Lasten lukumäärä'),
    ('NMR', 'marriageCount', 'Antal äktenskap'),
    ('NMR', 'marriageCount', 'Number of marriages'),
    ('NMR', 'marriageCount', 'Antal ægteskaber'),
    ('NMR', 'marriageCount', 'Antall ekteskap'),
    ('NMR', 'marriageCount', 'Avioliittojen lukumäärä'),
    ('CAST', 'caste', 'Kast'),
    ('CAST', 'caste', 'Caste'),
    ('CAST', 'caste', 'Kaste'),
    ('CAST', 'caste', 'Kasti'),
    ('IDNO', 'idNumber', 'Id-nummer'),
    ('IDNO', 'idNumber', 'Identification number'),
    ('IDNO', 'idNumber', 'Tunnistenumero'),
    ('SSN', 'socialSecurityNumber', 'Socialförsäkringsnummer'),
    ('SSN', 'socialSecurityNumber', 'Social security number'),
    ('SSN', 'socialSecurityNumber', 'Personnummer'),
    ('SSN', 'socialSecurityNumber', 'Sosiaaliturvatunnus')
  ) AS n ("tag", "kind", "name")
WHERE x."tree_id" = e."tree_id" AND x."node_id" = e."id" AND x."node_kind" = 'event'
  AND e."type" = 'other' AND e."subtype" IS NULL AND e."type_name_verb" IS NULL
  AND n."tag" = x."tag" AND n."name" = e."type_name";
--> statement-breakpoint
UPDATE "event" e
SET "type" = 'fact', "revision" = e."revision" + 1
FROM "gedcom_extra" x
WHERE x."tree_id" = e."tree_id" AND x."node_id" = e."id" AND x."node_kind" = 'event'
  AND e."type" = 'other' AND e."subtype" IS NULL AND e."type_name_verb" IS NULL AND x."tag" = 'FACT';
--> statement-breakpoint
UPDATE "event" e
SET "type" = CASE x."tag" WHEN 'BIRT' THEN 'birth' ELSE 'death' END,
  "subtype" = CASE x."tag" WHEN 'BIRT' THEN 'alternativeBirth' ELSE 'alternativeDeath' END,
  "type_name" = NULL, "revision" = e."revision" + 1
FROM "gedcom_extra" x
WHERE x."tree_id" = e."tree_id" AND x."node_id" = e."id" AND x."node_kind" = 'event'
  AND e."type" = 'other' AND e."subtype" IS NULL AND e."type_name_verb" IS NULL
  AND ((x."tag" = 'BIRT' AND e."type_name" IN ('Födelse', 'Birth', 'Fødsel', 'Syntymä'))
    OR (x."tag" = 'DEAT' AND e."type_name" IN ('Död', 'Death', 'Død', 'Kuolema')));
