export * from './policy-file';
export * from './endpoints';
