/**
 * Realistic Nordic names for a seeded bench tree (the duplicate finder's bench, issue 21): the
 * seed's generator draws 20 given names and 25 family names evenly, which makes name keys neither
 * as crowded nor as uneven as in real parish records. This renames every person of the tree, set-wise:
 * given names by how often they were given in 18th–19th century Sweden (Johan, Carl, Anders, Maria,
 * Anna… far ahead, a third with a second given name, clerks' spellings such as Carl/Karl, Pehr/Per,
 * Catharina/Katarina), and surnames mostly as patronymics of the father's first given name
 * (Andersson, Andersdotter), else the father's family name, and for persons without a father here a
 * surname drawn from a list headed by Andersson and Johansson. Keys, search text and sort key are
 * written with the names (recording off: this is seeding, not a user's change).
 */
import { personMatchKeys, personSearchText, personSortKey } from '@anor/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/rows.ts';
import { seededRandom } from '../src/seed/random.ts';

/** [name, weight, other spellings a clerk might write]; weights roughly per 1,000 births. */
type Weighted = readonly [string, number, (readonly string[])?];

const male: Weighted[] = [
  ['Johan', 120, ['Johann']],
  ['Carl', 90, ['Karl']],
  ['Anders', 90],
  ['Erik', 80, ['Eric', 'Erich']],
  ['Per', 70, ['Pehr', 'Pär']],
  ['Lars', 60],
  ['Nils', 60],
  ['Olof', 50, ['Olov', 'Olaf']],
  ['Gustaf', 40, ['Gustav']],
  ['Sven', 40],
  ['Jonas', 30],
  ['Magnus', 30],
  ['Petter', 30],
  ['Jöns', 20],
  ['Måns', 20],
  ['Isak', 20, ['Isac']],
  ['August', 20],
  ['Axel', 15],
  ['Håkan', 10],
  ['Mats', 10],
];
const female: Weighted[] = [
  ['Maria', 120],
  ['Anna', 110],
  ['Kristina', 80, ['Christina', 'Cristina']],
  ['Katarina', 60, ['Catharina', 'Cathrina']],
  ['Brita', 50, ['Britta']],
  ['Karin', 50, ['Carin']],
  ['Kerstin', 40],
  ['Johanna', 40],
  ['Ingrid', 30],
  ['Elisabet', 30, ['Elisabeth']],
  ['Margareta', 30, ['Margaretha']],
  ['Sara', 30],
  ['Greta', 20],
  ['Lisa', 20],
  ['Helena', 20],
  ['Ulrika', 20, ['Ulrica']],
  ['Sofia', 20, ['Sophia']],
  ['Märta', 20],
  ['Elin', 20],
  ['Hedvig', 10],
];
/** Surnames of persons without a father in the tree: the common -son names far ahead. */
const surnames: Weighted[] = [
  ['Andersson', 100],
  ['Johansson', 95],
  ['Karlsson', 80, ['Carlsson']],
  ['Nilsson', 70],
  ['Eriksson', 65, ['Ericsson']],
  ['Larsson', 55],
  ['Olsson', 50],
  ['Persson', 50, ['Pehrsson']],
  ['Svensson', 45],
  ['Gustafsson', 40],
  ['Pettersson', 35, ['Petersson']],
  ['Jonsson', 30],
  ['Jönsson', 25],
  ['Månsson', 20],
  ['Magnusson', 20],
  ['Lindqvist', 12, ['Lindquist']],
  ['Lindberg', 12],
  ['Ek', 10],
  ['Holm', 10],
  ['Berg', 10],
  ['Lund', 10],
  ['Ström', 8],
  ['Sjöberg', 8],
  ['Forsberg', 8],
  ['Wallin', 6, ['Vallin']],
  ['Björk', 6],
  ['Åberg', 6],
  ['Öberg', 6],
  ['Ängström', 4],
  ['Zetterlund', 4],
];

function chooser(list: readonly Weighted[], next: () => number) {
  const total = list.reduce((sum, [, weight]) => sum + weight, 0);
  return () => {
    let left = next() * total;
    for (const entry of list) {
      left -= entry[1];
      if (left < 0) return entry;
    }
    return list[0] as Weighted;
  };
}

/** The spelling a clerk wrote: mostly the usual one, one in six another. */
function spelled(entry: Weighted, next: () => number): string {
  const others = entry[2] ?? [];
  return others.length > 0 && next() < 1 / 6 ? (others[Math.floor(next() * others.length)] as string) : entry[0];
}

/** Andersson, Andersdotter; Nilsson, Nilsdotter; Johansson, Johansdotter (the genitive s once). */
export function patronymic(father: string, gender: string): string {
  const stem = father.endsWith('s') ? father : `${father}s`;
  return `${stem}${gender === 'female' ? 'dotter' : 'son'}`;
}

/** Renames every person of the tree; answers how many were renamed. */
export async function nordicNames(db: Db, treeId: string, seed = 1): Promise<number> {
  const rows = await queryRows<{ id: string; gender: string; occupation: string | null; father: string | null }>(
    db,
    sql`
    select p.id, p.gender, p.occupation,
      (select pc.parent_id from parent_child pc
       join person f on f.tree_id = pc.tree_id and f.id = pc.parent_id and f.gender = 'male'
       where pc.tree_id = p.tree_id and pc.child_id = p.id limit 1) as father
    from person p where p.tree_id = ${treeId} order by p.id`,
  );
  const next = seededRandom(seed * 104_729);
  const pickMale = chooser(male, next);
  const pickFemale = chooser(female, next);
  const pickSurname = chooser(surnames, next);
  const given = new Map<string, { fName: string; first: string }>();
  for (const row of rows) {
    const pick = row.gender === 'female' ? pickFemale : pickMale;
    const first = pick();
    let fName = spelled(first, next);
    // A third get a second given name (Johan Petter, Anna Maria).
    if (next() < 1 / 3) {
      const second = pick();
      if (second[0] !== first[0]) fName = `${fName} ${spelled(second, next)}`;
    }
    given.set(row.id, { fName, first: first[0] });
  }
  // Surnames in insertion order (parents before children), so a father's family name is known.
  const surnameOf = new Map<string, string>();
  for (const row of rows) {
    const father = row.father ? given.get(row.father) : undefined;
    let lName: string;
    if (father && next() < 0.65) lName = patronymic(father.first, row.gender);
    else if (row.father && surnameOf.has(row.father)) lName = surnameOf.get(row.father) as string;
    else {
      const drawn = pickSurname();
      lName =
        row.gender === 'female' && drawn[0].endsWith('sson') && next() < 0.5
          ? drawn[0].replace(/sson$/, 'sdotter')
          : spelled(drawn, next);
    }
    surnameOf.set(row.id, lName);
  }
  const batch = 5000;
  for (let start = 0; start < rows.length; start += batch) {
    const slice = rows.slice(start, start + batch);
    const names = slice.map((row) => ({
      fName: given.get(row.id)?.fName ?? null,
      lName: surnameOf.get(row.id) ?? null,
      occupation: row.occupation,
    }));
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('anor.change_set', 'off', true)`);
      const values = sql`unnest(${sql.param(slice.map((row) => row.id))}::uuid[], ${sql.param(names.map((name) => name.fName))}::text[],
          ${sql.param(names.map((name) => name.lName))}::text[],
          ${sql.param(names.map((name) => personSearchText([name], name.occupation)))}::text[],
          ${sql.param(names.map((name) => personSortKey(name)))}::text[],
          ${sql.param(names.map((name) => personMatchKeys([name]).join('\n')))}::text[])
          as v(id, f_name, l_name, search_text, sort_key, keys)`;
      await tx.execute(sql`
        update person p set f_name = v.f_name, l_name = v.l_name, search_text = v.search_text, sort_key = v.sort_key
        from ${values} where p.tree_id = ${treeId} and p.id = v.id`);
      // Apart, for a rename that keeps its keys has them reset to null by the stale-keys trigger.
      await tx.execute(sql`
        update person p set match_keys = case when v.keys = '' then '{}'::text[] else string_to_array(v.keys, chr(10)) end
        from ${values} where p.tree_id = ${treeId} and p.id = v.id`);
    });
  }
  return rows.length;
}
