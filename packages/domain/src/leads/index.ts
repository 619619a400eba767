export * from './lead';
export * from './endpoints';
