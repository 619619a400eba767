export * from './invoice-values';
