export * from './age.ts';
export * from './calendars.ts';
export * from './date-text.ts';
export * from './difference.ts';
export * from './event-date.ts';
export * from './format.ts';
export * from './partial-date.ts';
export * from './schema.ts';
