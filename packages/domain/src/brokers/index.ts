export * from './broker-values';
export * from './broker-inputs';
export * from './broker-views';
export * from './clabe';
export * from './commission-math';
export * from './endpoints';
