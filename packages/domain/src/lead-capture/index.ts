export * from './lead-capture';
