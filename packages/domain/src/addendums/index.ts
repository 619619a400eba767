export * from './addendum';
