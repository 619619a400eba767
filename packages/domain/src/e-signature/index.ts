export * from './signing';
export * from './endpoints';
export * from './methods';
export * from './efirma';
export * from './verification';
export * from './signature-files';
export * from './rounds';
