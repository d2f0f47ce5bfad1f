// The online-payments module's face: what other modules may use. Import nothing else of it from outside.
export { onlinePaymentRoutes } from './online-payments.routes.ts';
export { onlinePaymentsEnabled } from './stripe-client.ts';
