/**
 * A generated GEDCOM file of `persons` persons in families of three (two parents and a child),
 * each born in one of 500 places and living in one of 300, with a note; the families' marriages
 * dated 1750 when asked. The crash and full-disk tests import it to make a long write.
 */
export function generatedGedcom(persons: number, options: { surname: string; marriages?: boolean }): Uint8Array {
  const lines = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8'];
  for (let i = 1; i <= persons; i++) {
    lines.push(
      `0 @I${i}@ INDI`,
      `1 NAME Person${i} /${options.surname}${i % 97}/`,
      `1 SEX ${i % 2 ? 'M' : 'F'}`,
      '1 BIRT',
      `2 DATE ${1 + (i % 28)} JAN ${1700 + (i % 200)}`,
      `2 PLAC Gård ${i % 500}, Sunne, Värmland`,
      '1 RESI',
      `2 DATE ${1720 + (i % 200)}`,
      `2 PLAC By ${i % 300}, Fryksände, Värmland`,
      '1 NOTE En anteckning om personen.',
    );
    if (i % 3 === 0) lines.push(`1 FAMC @F${i / 3}@`);
  }
  for (let f = 1; f <= Math.floor(persons / 3); f++) {
    lines.push(`0 @F${f}@ FAM`, `1 HUSB @I${3 * f - 2}@`, `1 WIFE @I${3 * f - 1}@`, `1 CHIL @I${3 * f}@`);
    if (options.marriages) lines.push('1 MARR', '2 DATE 1750');
  }
  lines.push('0 TRLR', '');
  return new TextEncoder().encode(lines.join('\n'));
}
