export * from './brands.js';
export * from './formatters.js';
export * from './parsers.js';
export * from './preprocessors.js';
export * from './validators.js';
export type * from './types.js';
