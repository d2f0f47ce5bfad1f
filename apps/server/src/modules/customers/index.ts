// The customers module's face: what other modules may use. Import nothing else of it from outside.
export { customerRoutes } from './customers.routes.ts';
export { findLiveCustomerByEmail, insertCustomers, listPlacedCustomers } from './customers.repo.ts';
