export * from './lead';
