import { z } from 'zod';
import { dateTypes } from '../dates/date-types.ts';

/**
 * A birth or death year as a person label shows it ("1850", "about 1850", "before 1850"); negative
 * before the common era (-44 is 44 BC, there is no year 0). A module of its own, so that the change
 * history's schemas (on the web app's first page, for the undo notice) need not bring the person
 * schemas and their date parsers.
 */
export const lifeYearSchema = z.object({ year: z.number().int(), type: z.enum(dateTypes) });
export type LifeYear = z.infer<typeof lifeYearSchema>;
