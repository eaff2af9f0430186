export * from './kinship.ts';
export * from './words.ts';
