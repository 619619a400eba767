export * from './addendum';
export * from './endpoints';
