export * from './whatsapp';
export * from './endpoints';
