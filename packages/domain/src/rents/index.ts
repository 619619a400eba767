export * from './money';
export * from './rent-values';
export * from './allocation';
export * from './rents';
export * from './endpoints';
export * from './aging';
export * from './confirmations';
export * from './interest';
