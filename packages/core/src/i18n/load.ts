import type { Language } from '../schemas/common.ts';
import type { Dictionary } from './en.ts';

/**
 * One language's dictionary, loaded on demand: in the web app each is a chunk of its own, so a page
 * downloads the texts of its language only (about 17 KB gzipped each) instead of all five.
 */
export async function loadDictionary(language: Language): Promise<Dictionary> {
  switch (language) {
    case 'sv':
      return (await import('./sv.ts')).sv;
    case 'en':
      return (await import('./en.ts')).en;
    case 'da':
      return (await import('./da.ts')).da;
    case 'no':
      return (await import('./no.ts')).no;
    case 'fi':
      return (await import('./fi.ts')).fi;
  }
}
