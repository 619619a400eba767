export * from './links';
export * from './privacy';
export * from './public-upload';
export * from './endpoints';
