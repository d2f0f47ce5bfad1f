// The access-vault module's face: what other modules may use. Import nothing else of it from outside.
export { accessVaultRoutes } from './access-vault.routes.ts';
