export * from './invoice-values';
export * from './sat-catalogs';
export * from './amounts';
export * from './invoices';
export * from './endpoints';
