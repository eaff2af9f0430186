/**
 * Given-name variants of the Nordic records, kept as data: each group lists the forms one name
 * takes across the Swedish, Norwegian, Danish and Finnish records, in Latin (church books and
 * clergy before about 1800) and in the spoken short forms clerks wrote down. The first form of a
 * group is its canonical key. Forms that differ only by the spelling rules of `name-match.ts`
 * (C/K, W/V, Ph/F, Th/T, a silent h, doubled letters, a final -ie) need not be listed: "Carl" and
 * "Karl", "Pehr" and "Per", "Matts" and "Mats" already fold alike.
 *
 * Only forms of the same name are grouped: a related but separate name (Jöns and Johan, both
 * from Johannes; Hans and Jens) stays apart, because the records treat them as different names,
 * and grouping them would make every Johan a candidate for every Jöns.
 *
 * Sources (compiled by hand from these references; no list was copied whole):
 * - FamilySearch Research Wiki, "Sweden Personal Names", "Norway Personal Names" (the patronymic
 *   suffixes -sen, -ssen, -son, -sson, -søn, -datter, -dotter and their abbreviations; the spelling
 *   reform of 1862 that replaced c, q and ch by k and ph by f, and dropped doubled vowels),
 *   "Denmark Personal Names", "Finland Personal Names" and the "Latin Genealogical Word List":
 *   https://www.familysearch.org/en/wiki/Norway_Names_Personal and the sister pages.
 * - N. L. Coleman and O. Veka, "A Handbook of Scandinavian Names", University of Wisconsin Press,
 *   2010 (the Scandinavian forms of the common biblical and saints' names).
 * - The latinised forms used by Swedish clergy and in church books: Andreas (Anders), Ericus
 *   (Erik), Olaus (Olof), Petrus (Per), Laurentius (Lars), Nicolaus (Nils), Carolus (Karl),
 *   Canutus (Knut), Haquinus (Håkan), Svenonius/Sveno (Sven), Benedictus (Bengt), Georgius
 *   (Göran), as listed in Wikipedia, "Swedish name" (section "Latin and Greek names") and on
 *   bytecode.se, "Namn: latinisering av namn" (http://www.bytecode.se/bra-att-veta/namn/).
 * - Finnish forms of Swedish names in the bilingual church books (Juho/Johan, Matti/Mats,
 *   Heikki/Henrik, Antti/Anders, Erkki/Erik, Olli/Olof, Lauri/Lars, Niilo/Nils, Kaarle/Karl,
 *   Yrjö/Göran, Kustaa/Gustav; Kaisa/Katarina, Liisa/Elisabet, Maija/Maria, Kreeta/Greta,
 *   Kirsti/Kristina, Priita/Brita, Valpuri/Valborg) from the FamilySearch "Finland Personal Names"
 *   page's table of name equivalents.
 *
 * Two forms are not names but the stems of contracted patronymics: "Ol" (Olsson, Olsdotter, for
 * Olofsson) and "Er" (Ersson, the Dalecarlian form of Eriksson).
 *
 * Add a form to its group (or a new group) here; the keys stored for matching are recomputed from
 * this table, see `docs/architecture.md` ("Duplicate finder").
 */
export const givenNameVariantGroups: readonly (readonly string[])[] = [
  // Men
  ['Anders', 'Andreas', 'Andres', 'Andrew', 'Antti', 'Ante'],
  ['Erik', 'Ericus', 'Erich', 'Er', 'Eerik', 'Erkki', 'Erick'],
  ['Olof', 'Olov', 'Olaus', 'Ol', 'Olav', 'Olaf', 'Ola', 'Ole', 'Oluf', 'Olli', 'Oloff', 'Olle'],
  ['Per', 'Petrus', 'Peder', 'Peter', 'Pär', 'Petter', 'Pekka', 'Pietari', 'Pehr'],
  ['Lars', 'Laurentius', 'Lauritz', 'Laurits', 'Lasse', 'Lauri', 'Laurens', 'Lorens'],
  ['Nils', 'Nicolaus', 'Niels', 'Nikolaus', 'Nicolai', 'Niilo', 'Nilas', 'Niclas', 'Nicklas'],
  ['Johan', 'Johannes', 'Johann', 'Juho', 'Juhana', 'Jóhann', 'Joen'],
  ['Karl', 'Carolus', 'Carl', 'Kaarle', 'Kalle'],
  ['Knut', 'Canutus', 'Knud', 'Nuutti'],
  ['Håkan', 'Haquinus', 'Haquin', 'Hakon', 'Haakon', 'Håkon', 'Hakan'],
  ['Sven', 'Sveno', 'Svenonius', 'Svend', 'Swen', 'Svän'],
  ['Bengt', 'Benedictus', 'Bent', 'Bengdt', 'Pentti'],
  ['Göran', 'Georgius', 'Georg', 'Jöran', 'Jörgen', 'Jørgen', 'Örjan', 'Yrjö', 'Jürgen'],
  ['Gustav', 'Gustavus', 'Gustaf', 'Kustaa', 'Gösta'],
  ['Mats', 'Matthias', 'Mattias', 'Mathias', 'Mads', 'Matti', 'Matts', 'Mattis'],
  ['Henrik', 'Henricus', 'Hindrik', 'Hinrik', 'Heikki', 'Henrich', 'Hinric'],
  ['Jakob', 'Jacobus', 'Jacob', 'Jaakko', 'Jakop'],
  ['Mikael', 'Michael', 'Mickel', 'Mikkel', 'Michel', 'Mikko', 'Mikel'],
  ['Kristoffer', 'Christophorus', 'Christopher', 'Christoffer', 'Stoffer', 'Kristofer', 'Risto'],
  ['Isak', 'Isaac', 'Isaak', 'Iisakki'],
  ['Daniel', 'Danielus', 'Taneli'],
  ['Jonas', 'Joonas'],
  ['Tomas', 'Thomas', 'Tuomas'],
  ['Sören', 'Søren', 'Severin', 'Sörn'],
  ['Rasmus', 'Erasmus', 'Asmus'],
  ['Magnus', 'Mons', 'Måns', 'Mogens', 'Manne'],
  ['Torsten', 'Thorsten', 'Tosten', 'Torstein'],
  ['Tore', 'Thore', 'Tor', 'Thor', 'Ture', 'Thure'],
  ['Halvor', 'Halvard', 'Halvar', 'Halvord'],
  ['Vilhelm', 'Wilhelm', 'Wilhelmus', 'Gulielmus', 'Ville'],
  ['Fredrik', 'Fredericus', 'Frederik', 'Friedrich', 'Fritz'],
  ['Ludvig', 'Ludovicus', 'Ludwig', 'Lovis'],
  ['Sten', 'Steno', 'Steen', 'Stein'],
  ['Folke', 'Fulco'],
  ['Abraham', 'Abrahamus', 'Aapo'],
  ['Gabriel', 'Kaapriel'],
  ['Simon', 'Simeon', 'Simo'],
  ['Stefan', 'Stephanus', 'Steffan', 'Staffan', 'Tahvo', 'Steffen'],
  ['Gregorius', 'Gregor', 'Gjord', 'Reko'],
  ['Paul', 'Paulus', 'Pål', 'Poul', 'Paavo'],
  // Women
  ['Katarina', 'Catharina', 'Catarina', 'Karin', 'Carin', 'Kajsa', 'Cajsa', 'Kaisa', 'Katri', 'Katrine', 'Kari'],
  ['Kristina', 'Christina', 'Kerstin', 'Stina', 'Kirsten', 'Kirstin', 'Kjersti', 'Kirsti', 'Christine', 'Kristin'],
  ['Brita', 'Britta', 'Birgitta', 'Brigitta', 'Bridget', 'Berit', 'Birte', 'Priita', 'Pirjo'],
  ['Margareta', 'Margaretha', 'Margrethe', 'Margaret', 'Greta', 'Grete', 'Kreeta', 'Marget', 'Margit'],
  ['Maria', 'Marie', 'Maja', 'Maija', 'Mari', 'Maaria', 'Marja'],
  ['Elisabet', 'Elisabeth', 'Elisabetha', 'Lisa', 'Lisbet', 'Lisbeth', 'Elsa', 'Else', 'Liisa', 'Elsebeth', 'Elise'],
  ['Helena', 'Elin', 'Ellen', 'Lena', 'Helene', 'Heleena', 'Elina', 'Ellin'],
  ['Johanna', 'Hanna', 'Jóhanna', 'Johanne', 'Hanne'],
  ['Sofia', 'Sophia', 'Sofie', 'Sophie', 'Fia', 'Sohvi'],
  ['Ingrid', 'Ingri', 'Ingerd'],
  ['Ingeborg', 'Ingebor', 'Ingeborga', 'Imbor', 'Ingborg'],
  ['Gertrud', 'Gjertrud', 'Gertrude', 'Gjertru', 'Jertrud', 'Kerttu'],
  ['Ragnhild', 'Ragnild', 'Ragnhilda', 'Ragnil'],
  ['Sigrid', 'Sigri', 'Siri', 'Sigred'],
  ['Valborg', 'Walborg', 'Walburga', 'Valpuri', 'Valborga'],
  ['Magdalena', 'Magdalene', 'Malena', 'Madlena', 'Malin'],
  ['Cecilia', 'Sissela', 'Sesilia', 'Cecilie', 'Sissel', 'Silja'],
  ['Beata', 'Beate'],
  ['Dorotea', 'Dorothea', 'Dorthe', 'Dorte'],
  ['Karolina', 'Carolina', 'Caroline', 'Karoline'],
  ['Ulrika', 'Ulrica', 'Ulrikke', 'Ulla'],
  ['Gunilla', 'Gunnel', 'Gunhild', 'Gunilda'],
  ['Marta', 'Martha', 'Marthe', 'Martta'],
  ['Barbro', 'Barbara', 'Barbru', 'Parpo'],
  ['Agneta', 'Agnes', 'Agnete'],
  ['Anna', 'Anne', 'Ane', 'Annikki'],
];
