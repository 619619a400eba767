export * from './appointment';
