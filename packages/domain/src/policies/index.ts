export * from './policy-status';
export * from './policy-type';
export * from './policy-fields';
export * from './policy';
export * from './policy-api';
export * from './folio';
export * from './display';
export * from './search-text';
