// The access-vault module's face: what other modules may use. Import nothing else of it from outside.
export { accessVaultRoutes } from './access-vault.routes.ts';
export { entryLabelsOf as accessEntryLabelsOf } from './access-vault.repo.ts';
