export * from './settlement';
export * from './move-out';
export * from './endpoints';
