export * from './signing';
export * from './endpoints';
