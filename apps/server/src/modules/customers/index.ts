// The customers module's face: what other modules may use. Import nothing else of it from outside.
export { customerRoutes } from './customers.routes.ts';
export { findContactCard, listPlacedCustomers, type ContactCard } from './customers.repo.ts';
export { contactForWebsiteRequest } from './customers.service.ts';
