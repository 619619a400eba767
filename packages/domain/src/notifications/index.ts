export * from './notification';
export * from './email';
export * from './account';
export * from './endpoints';
