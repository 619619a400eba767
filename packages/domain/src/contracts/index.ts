export * from './contracts';
export * from './placeholders';
