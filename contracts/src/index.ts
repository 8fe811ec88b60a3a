export * from './messages.ts';
export * from './http.ts';
export * from './money.ts';
export * from './text.ts';
export * from './equipment.ts';
export * from './events.ts';
export * from './identity.ts';
export * from './engagement.ts';
