// The business-profile module's face: what other modules may use. Import nothing else of it from outside.
export { type StoredLogo, businessLogoReader, businessLogoRoutes } from './business-logo.routes.ts';
export { businessProfileRoutes } from './business-profile.routes.ts';
export {
  type BusinessBrand,
  accountCurrency,
  accountFormats,
  accountTimeZone,
  DEFAULT_TIME_ZONE,
  activeSubscription,
  findBrand,
  findBusinessAddress,
  findBrandBySlug,
  findNotificationAddress,
  insertSubscription,
} from './business-profile.repo.ts';
