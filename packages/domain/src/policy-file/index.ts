export * from './policy-file';
