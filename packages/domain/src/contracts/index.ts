export * from './contracts';
export * from './placeholders';
export * from './amount-in-words';
