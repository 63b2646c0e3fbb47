/** Request schemas (zod) shared by the server's validation and the console's forms. */
export * from './json-text';
export * from './paging';
export * from './problem';
export * from './channel';
export * from './token';
export * from './user';
export * from './auth';
export * from './option';
export * from './log';
export * from './redemption';
export * from './payment';
export * from './no-eval';
export * from './verification';
export * from './dashboard';
export * from './envelope';
export * from './views';
export * from './task-log';
