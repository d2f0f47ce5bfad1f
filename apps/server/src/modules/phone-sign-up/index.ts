// The phone-sign-up module's face: what other modules may use. Import nothing else of it from outside.
export { phoneSignUpRoutes } from './phone-sign-up.routes.ts';
