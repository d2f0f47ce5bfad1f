// The contact-messages module's face: what other modules may use. Import nothing else of it from outside.
export { contactMessageRoutes } from './contact-messages.routes.ts';
