export * from './auth';
export * from './business-import';
export * from './data-types';
export * from './errors';
export * from './metadata';
export * from './paging';
export * from './permissions';
export * from './permission-match';
