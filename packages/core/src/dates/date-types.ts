/**
 * The date types of SPEC §3: exact (stored empty in the old data, "exact" here), about, before,
 * after and between. "between" belongs to the pair: "between 1850 and 1852" is a start date of
 * type between and an end date of type between.
 *
 * A module of its own, without the date parsers: the API schemas name the types, and the web app's
 * first page (which carries the schemas of the undo notice) need not load the parsers for that.
 */
export const dateTypes = ['exact', 'about', 'before', 'after', 'between'] as const;
export type DateType = (typeof dateTypes)[number];
