export * from './whatsapp';
