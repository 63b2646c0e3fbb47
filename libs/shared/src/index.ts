export * from './enums';
export * from './channel-types';
export * from './quota';
export * from './pricing-defaults';
export * from './options';
export * from './api-types';
export * from './validation';
export * from './pricing';
