// The onboarding module's face: what other modules may use. Import nothing else of it from outside.
export { onboardingRoutes } from './onboarding.routes.ts';
export { onboardingStatus } from './onboarding.service.ts';
