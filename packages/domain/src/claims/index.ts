export * from './claim-values';
export * from './claim-inputs';
export * from './claim-views';
export * from './claim-rules';
export * from './endpoints';
export * from './claim-documents';
export * from './claim-owner';
