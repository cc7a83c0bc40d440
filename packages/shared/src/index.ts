export * from './api.ts';
export * from './auth.ts';
export * from './enums.ts';
export * from './geography.ts';
export * from './money.ts';
export * from './notifications.ts';
export * from './realtime.ts';
export * from './support.ts';
