export * from './links';
export * from './signing';
export * from './privacy';
export * from './public-upload';
export * from './endpoints';
