export * from './broker-values';
