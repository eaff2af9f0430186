export * from './errors.ts';
export * from './ids.ts';
export * from './limits.ts';
export * from './rules.ts';
export * from './schemas/account.ts';
export * from './schemas/common.ts';
export * from './schemas/tree.ts';
