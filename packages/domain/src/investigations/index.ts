export * from './document-slots';
export * from './file-name';
export * from './investigation-api';
export * from './investigation-messages';
export * from './investigation-decision';
export * from './document-checklist';
export * from './endpoints';
