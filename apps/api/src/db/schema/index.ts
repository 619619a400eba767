export * from './enums';
export * from './addresses';
export * from './branches';
export * from './users';
export * from './auth';
export * from './policies';
export * from './investigations';
export * from './addendums';
