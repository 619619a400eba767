export * from './links';
export * from './signing';
export * from './privacy';
