export * from './auth.ts';
export * from './accounts.ts';
export * from './contact-messages.ts';
export * from './mail.ts';
export * from './business.ts';
export * from './employees.ts';
export * from './customers.ts';
export * from './requests.ts';
