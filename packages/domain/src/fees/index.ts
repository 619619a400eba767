export * from './fee-values';
