export * from './document-slots';
export * from './file-name';
