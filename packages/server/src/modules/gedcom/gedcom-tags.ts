import { type EventSubtype, type EventType, type FactKind, foldForSearch, type Language, languages } from '@anor/core';
import { translate } from '@anor/core/i18n';

/**
 * Which GEDCOM structures become which Anor events (SPEC §3 event types). Individual and family
 * events with an Anor type of their own map to it (with a subtype where Anor has one); every other
 * event or attribute becomes type `other` with the structure's name as its type name, in the
 * importing user's language, and its tag kept so that export writes the same tag again.
 */
export interface EventMapping {
  type: EventType;
  subtype?: EventSubtype;
}

export const individualEventTags: Readonly<Record<string, EventMapping>> = {
  BIRT: { type: 'birth' },
  CHR: { type: 'baptism', subtype: 'christening' },
  BAPM: { type: 'baptism' },
  CHRA: { type: 'baptism', subtype: 'adultChristening' },
  BLES: { type: 'baptism', subtype: 'blessing' },
  DEAT: { type: 'death' },
  BURI: { type: 'burial' },
  CREM: { type: 'burial', subtype: 'cremation' },
  ADOP: { type: 'adoption' },
  CONF: { type: 'confirmation' },
  BARM: { type: 'confirmation', subtype: 'barMitzvah' },
  BASM: { type: 'confirmation', subtype: 'batMitzvah' },
  GRAD: { type: 'graduation' },
  EDUC: { type: 'education' },
  OCCU: { type: 'occupation' },
  IMMI: { type: 'immigration' },
  EMIG: { type: 'emigration' },
  NATU: { type: 'naturalization' },
  WILL: { type: 'will' },
  PROB: { type: 'inventory' },
  RESI: { type: 'residence' },
};

export const familyEventTags: Readonly<Record<string, EventMapping>> = {
  MARR: { type: 'marriage' },
  MARB: { type: 'bann' },
  ENGA: { type: 'engagement' },
  DIV: { type: 'divorce' },
  RESI: { type: 'residence' },
};

/**
 * Facts and attributes → Anor's type `fact` with its kind (core `factKinds`) as data: the reader's
 * language names it. `FACT` is a fact of its own kind, named by its `TYPE` as written. The line's
 * value is the fact's value (the description). EDUC and OCCU have types of their own above.
 */
export const factTags: Readonly<Record<string, EventMapping>> = {
  TITL: { type: 'fact', subtype: 'title' },
  NATI: { type: 'fact', subtype: 'nationality' },
  RELI: { type: 'fact', subtype: 'religion' },
  PROP: { type: 'fact', subtype: 'property' },
  DSCR: { type: 'fact', subtype: 'physicalDescription' },
  NCHI: { type: 'fact', subtype: 'childCount' },
  NMR: { type: 'fact', subtype: 'marriageCount' },
  CAST: { type: 'fact', subtype: 'caste' },
  IDNO: { type: 'fact', subtype: 'idNumber' },
  SSN: { type: 'fact', subtype: 'socialSecurityNumber' },
  FACT: { type: 'fact' },
};

/** A fact kind's names in the five languages and its tag, folded, → the kind. */
const kindsByName = new Map<string, FactKind>();
for (const [tag, mapping] of Object.entries(factTags)) {
  const kind = mapping.subtype as FactKind | undefined;
  if (kind === undefined) continue;
  kindsByName.set(foldForSearch(tag), kind);
  for (const language of languages)
    kindsByName.set(foldForSearch(translate(language, `events.subtypes.${kind}`)), kind);
}

/**
 * The fact kind a FACT's or EVEN's TYPE names, in any of the five languages or by its tag
 * (`2 TYPE Religion`, `2 TYPE Titel`, `2 TYPE NATI`); null for a kind of the file's own ("Hobby").
 */
export function factKindOfType(text: string | null | undefined): FactKind | null {
  if (!text) return null;
  return kindsByName.get(foldForSearch(text.trim().replace(/\s+/g, ' '))) ?? null;
}

/**
 * Event lines whose value says the event did not happen (`1 DIV N`, `1 MARR NO`): no event; the
 * line is kept as it was and written back on export. An attribute's value is a fact, never this.
 */
export function saysNotHappened(node: { tag: string; value?: string | undefined }): boolean {
  if (attributeTags.has(node.tag)) return false;
  const value = node.value?.trim().toUpperCase();
  return value === 'N' || value === 'NO';
}

/**
 * The events and attributes of 5.5.1 and 7.0 that the import reads as events without an Anor type
 * of their own, with their names. Those in `factTags` become facts; the others type `other`.
 */
const otherEventNames: Readonly<Record<string, Readonly<Record<Language, string>>>> = {
  EVEN: { sv: 'Händelse', en: 'Event', da: 'Begivenhed', no: 'Hendelse', fi: 'Tapahtuma' },
  FACT: { sv: 'Uppgift', en: 'Fact', da: 'Oplysning', no: 'Opplysning', fi: 'Tieto' },
  CENS: { sv: 'Folkräkning', en: 'Census', da: 'Folketælling', no: 'Folketelling', fi: 'Väestönlaskenta' },
  FCOM: {
    sv: 'Första nattvard',
    en: 'First communion',
    da: 'Første nadver',
    no: 'Første nattverd',
    fi: 'Ensimmäinen ehtoollinen',
  },
  ORDN: { sv: 'Prästvigning', en: 'Ordination', da: 'Ordination', no: 'Ordinasjon', fi: 'Vihkiminen virkaan' },
  RETI: { sv: 'Pensionering', en: 'Retirement', da: 'Pensionering', no: 'Pensjonering', fi: 'Eläkkeelle jääminen' },
  CAST: { sv: 'Kast', en: 'Caste', da: 'Kaste', no: 'Kaste', fi: 'Kasti' },
  DSCR: { sv: 'Utseende', en: 'Physical description', da: 'Udseende', no: 'Utseende', fi: 'Ulkonäkö' },
  IDNO: { sv: 'Id-nummer', en: 'Identification number', da: 'Id-nummer', no: 'Id-nummer', fi: 'Tunnistenumero' },
  NATI: { sv: 'Nationalitet', en: 'Nationality', da: 'Nationalitet', no: 'Nasjonalitet', fi: 'Kansallisuus' },
  NCHI: { sv: 'Antal barn', en: 'Number of children', da: 'Antal børn', no: 'Antall barn', fi: 'Lasten lukumäärä' },
  NMR: {
    sv: 'Antal äktenskap',
    en: 'Number of marriages',
    da: 'Antal ægteskaber',
    no: 'Antall ekteskap',
    fi: 'Avioliittojen lukumäärä',
  },
  PROP: { sv: 'Egendom', en: 'Property', da: 'Ejendom', no: 'Eiendom', fi: 'Omaisuus' },
  RELI: { sv: 'Religion', en: 'Religion', da: 'Religion', no: 'Religion', fi: 'Uskonto' },
  SSN: {
    sv: 'Socialförsäkringsnummer',
    en: 'Social security number',
    da: 'Personnummer',
    no: 'Personnummer',
    fi: 'Sosiaaliturvatunnus',
  },
  TITL: { sv: 'Titel', en: 'Title', da: 'Titel', no: 'Tittel', fi: 'Arvonimi' },
  BAPL: { sv: 'Dop (LDS)', en: 'Baptism (LDS)', da: 'Dåb (LDS)', no: 'Dåp (LDS)', fi: 'Kaste (MAP)' },
  CONL: {
    sv: 'Konfirmation (LDS)',
    en: 'Confirmation (LDS)',
    da: 'Konfirmation (LDS)',
    no: 'Konfirmasjon (LDS)',
    fi: 'Konfirmaatio (MAP)',
  },
  ENDL: {
    sv: 'Begåvning (LDS)',
    en: 'Endowment (LDS)',
    da: 'Begavelse (LDS)',
    no: 'Begavelse (LDS)',
    fi: 'Endaumentti (MAP)',
  },
  INIL: {
    sv: 'Initiering (LDS)',
    en: 'Initiatory (LDS)',
    da: 'Indvielse (LDS)',
    no: 'Innvielse (LDS)',
    fi: 'Vihkimys (MAP)',
  },
  SLGC: {
    sv: 'Beseglning till föräldrar (LDS)',
    en: 'Sealing to parents (LDS)',
    da: 'Besegling til forældre (LDS)',
    no: 'Besegling til foreldre (LDS)',
    fi: 'Sinetöinti vanhempiin (MAP)',
  },
  SLGS: {
    sv: 'Beseglning till make/maka (LDS)',
    en: 'Sealing to spouse (LDS)',
    da: 'Besegling til ægtefælle (LDS)',
    no: 'Besegling til ektefelle (LDS)',
    fi: 'Sinetöinti puolisoon (MAP)',
  },
  ANUL: { sv: 'Annullering', en: 'Annulment', da: 'Annullering', no: 'Annullering', fi: 'Mitätöinti' },
  DIVF: {
    sv: 'Ansökan om skilsmässa',
    en: 'Divorce filed',
    da: 'Skilsmissebegæring',
    no: 'Begjæring om skilsmisse',
    fi: 'Avioerohakemus',
  },
  MARC: { sv: 'Äktenskapskontrakt', en: 'Marriage contract', da: 'Ægtepagt', no: 'Ektepakt', fi: 'Avioehtosopimus' },
  MARL: {
    sv: 'Äktenskapslicens',
    en: 'Marriage licence',
    da: 'Ægteskabsbevilling',
    no: 'Ekteskapsbevilling',
    fi: 'Avioliittolupa',
  },
  MARS: {
    sv: 'Äktenskapsförord',
    en: 'Marriage settlement',
    da: 'Ægteskabsoverenskomst',
    no: 'Ekteskapsavtale',
    fi: 'Avioliittosopimus',
  },
};

/** Type names of the events Anor keeps under another type (a second birth): the type's own tag. */
const namedTypes: Readonly<Record<string, Readonly<Record<Language, string>>>> = {
  BIRT: { sv: 'Födelse', en: 'Birth', da: 'Fødsel', no: 'Fødsel', fi: 'Syntymä' },
  DEAT: { sv: 'Död', en: 'Death', da: 'Død', no: 'Død', fi: 'Kuolema' },
};

export function isOtherEventTag(tag: string): boolean {
  return Object.hasOwn(otherEventNames, tag);
}

/** The type name an `other` event gets for its tag; custom tags (`_MILT`) are named by the tag itself. */
export function otherEventName(tag: string, language: Language): string {
  return (otherEventNames[tag] ?? namedTypes[tag])?.[language] ?? tag;
}

/** Attributes: their value is a fact about the person (the occupation's title), kept as the event's description. */
export const attributeTags = new Set([
  'CAST',
  'DSCR',
  'EDUC',
  'IDNO',
  'NATI',
  'NCHI',
  'NMR',
  'OCCU',
  'PROP',
  'RELI',
  'RESI',
  'SSN',
  'TITL',
  'FACT',
]);

/** GEDCOM 7 ASSO/ROLE enumeration → Anor roles; anything else is read as typed text. */
export const gedcomRoles: Readonly<Record<string, string>> = {
  CHIL: 'child',
  CLERGY: 'officiator',
  FATH: 'parent',
  MOTH: 'parent',
  PARENT: 'parent',
  GODP: 'godparent',
  HUSB: 'husband',
  WIFE: 'wife',
  SPOU: 'partner',
  WITN: 'witness',
  OFFICIATOR: 'officiator',
};

/** The reverse for export: Anor roles written as GEDCOM 7 enumeration values. */
export const anorRolesToGedcom: Readonly<Record<string, string>> = {
  child: 'CHIL',
  officiator: 'OFFICIATOR',
  parent: 'PARENT',
  godparent: 'GODP',
  husband: 'HUSB',
  wife: 'WIFE',
  partner: 'SPOU',
  witness: 'WITN',
};
