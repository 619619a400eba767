export * from './appointment';
export * from './endpoints';
