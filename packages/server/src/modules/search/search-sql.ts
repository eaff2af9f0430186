import { type SQL, sql } from 'drizzle-orm';

/**
 * Text matching in SQL for texts that keep no search key of their own (notes, transcriptions, event
 * descriptions): the text is folded in the statement the way @anor/core folds names, the common
 * accents away and å, ä, ö, æ, ø kept (`nordicFold`) or folded too (`looseFold`). A term typed with
 * å, ä, ö, æ or ø is matched against the first, any other against the second (issue 19, item 15).
 */

const accented = 'áàâãāăąéèêëēėęěíìîïīįóòôõōőúùûüūůűýÿçćčñńňšśşžźżřďťľĺŀ';
const plain = 'aaaaaaaeeeeeeeeiiiiiiooooooouuuuuuuyyccnnnssszzzrdtlll';

/** Lower case, common accents folded, Nordic letters kept. */
export function nordicFold(text: SQL): SQL {
  return sql`translate(lower(${text}), ${accented}, ${plain})`;
}

/** Lower case with every accent folded, the Nordic letters too (æ as ae). */
export function looseFold(text: SQL): SQL {
  return sql`replace(translate(${nordicFold(text)}, 'åäöø', 'aaoo'), 'æ', 'ae')`;
}

/** Rich text as plain words (tags and entities made spaces), for matching. */
export function plainOf(html: SQL): SQL {
  return sql`regexp_replace(${html}, '<[^>]*>|&[a-z#0-9]+;', ' ', 'gi')`;
}

export function likeTerm(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const nordic = /[åäöæø]/;

/** Whether one of the texts holds the (Nordic-folded) term, matched as the comment above says. */
export function textsMatch(texts: readonly SQL[], term: string): SQL {
  const fold = nordic.test(term) ? nordicFold : looseFold;
  const like = likeTerm(term);
  return sql`(${sql.join(
    texts.map((text) => sql`${fold(sql`coalesce(${text}, '')`)} like ${like}`),
    sql` or `,
  )})`;
}
