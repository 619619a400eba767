export * from './contracts';
export * from './placeholders';
export * from './amount-in-words';
export * from './coverage';
export * from './promissory-notes';
export * from './endpoints';
