export * from './lead-capture';
export * from './endpoints';
