// The request-form module's face: what other modules may use. Import nothing else of it from outside.
export { requestFormRoutes } from './request-form.routes.ts';
export { submitRequestForm } from './request-form.service.ts';
