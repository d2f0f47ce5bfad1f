// The identity module's face: better-auth (sign-up, sign-in, sessions) and who the actor is.
export { accessTokenHash, actorForAccessToken, actorResolver } from './actor.ts';
export { ActorCache, syncActorCacheAfterWrites } from './actor-cache.ts';
export { createAuth, SESSION_COOKIE, type Auth, type PasswordHasher } from './auth.ts';
export { authRoutes } from './auth.routes.ts';
export {
  addMember,
  createCredentialUser,
  createUserWithPassword,
  type CreatedUser,
  type NewUser,
} from './create-user.ts';
export { meRoutes } from './me.routes.ts';
export { chooseFirstPaint } from './first-paint.ts';
