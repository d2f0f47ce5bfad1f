// The avatars module's face: what other modules may use. Import nothing else of it from outside.
export { avatarRoutes } from './avatars.routes.ts';
