export * from './fee-values';
export * from './quote';
export * from './fees';
export * from './billing';
export * from './messages';
export * from './endpoints';
