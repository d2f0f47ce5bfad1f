import { randomUUID } from 'node:crypto';
import {
  DEFAULT_PLAN,
  EMAIL_CONFIRMATION_LINK_HOURS,
  FIELD_LIMITS,
  normalizePhoneNumber,
  ONE_TIME_CODE_LENGTH,
  PASSWORD_RESET_LINK_HOURS,
  SIGN_IN_CODE_MINUTES,
  tooLongMessage,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  WEAK_PASSWORD_CODE,
} from '@crewdesk/domain';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { organization } from 'better-auth/plugins/organization';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { emailOTP } from 'better-auth/plugins/email-otp';
import { phoneNumber } from 'better-auth/plugins/phone-number';
import { trustedOrigins, type Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { passwordProblems, type PasswordOwner } from '../../lib/weak-password.ts';
import { createBusinessAccount, findLastAccountId } from '../accounts/index.ts';
import { insertSubscription } from '../business-profile/index.ts';
import {
  alreadyRegisteredMail,
  AUTH_SENDER_NAME,
  emailConfirmationMail,
  oneTimeCodeMail,
  passwordResetMail,
  twoFactorCodeRefusedMail,
  type Mailer,
} from '../mail/index.ts';
import type { TextMessenger } from '../sms/index.ts';
import { findPasswordOwner, userHasTwoFactor } from './identity.repo.ts';

/** Endpoints that take a secret (password, code, token): limited per client address. */
const GUARDED_AUTH_PATHS = [
  '/sign-in/*',
  '/sign-up/*',
  '/two-factor/*',
  '/forget-password',
  '/request-password-reset',
  '/reset-password',
  '/change-password',
  '/send-verification-email',
  '/email-otp/*',
  '/phone-number/*',
];

/** Where a new password is chosen, and the body field that carries it. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/phone-number/reset-password': 'newPassword',
};

type AuthMiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * Whose password is being set, so the strength check can refuse their own e-mail, names and
 * business name: the sign-up body; the signed-in user; the user a reset link or code is for.
 * An unknown token or number finds nobody: the password is still checked, and better-auth
 * refuses the token after.
 */
async function passwordOwner(db: Db, ctx: AuthMiddlewareContext): Promise<PasswordOwner> {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  switch (ctx.path) {
    case '/sign-up/email':
      return {
        email: text(body.email),
        names: [body.name, body.firstName, body.lastName, body.businessName].map(text),
      };
    case '/change-password': {
      const session = await getSessionFromCtx(ctx);
      return (session && (await findPasswordOwner(db, { userId: session.user.id }))) ?? {};
    }
    case '/reset-password': {
      const token = text(body.token) ?? text((ctx.query as Record<string, unknown>)?.token);
      const verification = token
        ? await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`)
        : null;
      return (verification && (await findPasswordOwner(db, { userId: verification.value }))) ?? {};
    }
    case '/phone-number/reset-password': {
      const phoneNumber = text(body.phoneNumber);
      return (phoneNumber && (await findPasswordOwner(db, { phoneNumber }))) || {};
    }
    default:
      return {};
  }
}

/** Refuses a weak new password with every reason listed (spec section 5). */
async function refuseWeakPassword(db: Db, ctx: AuthMiddlewareContext): Promise<void> {
  const field = NEW_PASSWORD_FIELDS[ctx.path];
  if (!field) return;
  const password: unknown = (ctx.body as Record<string, unknown> | undefined)?.[field];
  if (typeof password !== 'string') return;
  const reasons = passwordProblems(password, await passwordOwner(db, ctx));
  if (reasons.length > 0) {
    throw new APIError('BAD_REQUEST', {
      code: WEAK_PASSWORD_CODE,
      message: reasons.join(' '),
      reasons,
    });
  }
}

/** The texts better-auth stores on a user from a request body, with their limits (issue 16). */
const USER_TEXT_FIELDS: readonly [field: string, label: string, max: number][] = [
  ['name', 'Name', FIELD_LIMITS.text.fullName],
  ['firstName', 'First name', FIELD_LIMITS.text.personName],
  ['lastName', 'Last name', FIELD_LIMITS.text.personName],
  ['businessName', 'Business name', FIELD_LIMITS.text.businessName],
  ['email', 'Email', FIELD_LIMITS.text.email],
];
const USER_WRITING_PATHS = new Set(['/sign-up/email', '/update-user']);

/** Refuses an oversized name or e-mail on sign-up and profile updates, as our routes do (400). */
function refuseOversizedUserFields(ctx: AuthMiddlewareContext): void {
  if (!USER_WRITING_PATHS.has(ctx.path)) return;
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  for (const [field, label, max] of USER_TEXT_FIELDS) {
    const value = body[field];
    if (typeof value === 'string' && value.length > max) {
      throw new APIError('BAD_REQUEST', {
        code: 'BAD_REQUEST',
        message: `${field}: ${tooLongMessage(label, max)}`,
      });
    }
  }
}

const checkAuthInput = (db: Db) =>
  createAuthMiddleware(async (ctx) => {
    refuseOversizedUserFields(ctx);
    await refuseWeakPassword(db, ctx);
  });

/** better-auth names its cookies `crewdesk.…`; the session's is `crewdesk.session_token`. */
const SESSION_COOKIE_PREFIX = 'crewdesk';
/** The session cookie's name (`__Secure-` in front of it over https). */
export const SESSION_COOKIE = `${SESSION_COOKIE_PREFIX}.session_token`;

/** How passwords are hashed and checked; better-auth's scrypt unless a test makes it cheaper. */
export interface PasswordHasher {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
}

export function createAuth(
  db: Db,
  config: Config,
  mailer: Mailer,
  texter: TextMessenger,
  passwordHasher?: PasswordHasher,
) {
  return betterAuth({
    appName: 'Crewdesk',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    // In development the web app's dev server (vite, :5173) proxies /api to this server.
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.authIdentities,
        verification: schema.verifications,
        organization: schema.businessAccounts,
        member: schema.accountMembers,
        invitation: schema.accountInvitations,
        twoFactor: schema.twoFactors,
        rateLimit: schema.rateLimits,
      },
    }),
    hooks: { before: checkAuthInput(db) },
    emailAndPassword: {
      enabled: true,
      ...(passwordHasher ? { password: passwordHasher } : {}),
      // refuseWeakPasswords checks the length rules first (with their reasons); these are a backstop.
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // A new account signs in once its address is confirmed (the link in the confirmation mail).
      requireEmailVerification: true,
      // With confirmation required, signing up with a registered address answers like a new one;
      // only the mailbox's owner hears about it.
      onExistingUserSignUp: async ({ user }) => {
        await mailer.queue({
          kind: 'already-registered',
          to: user.email,
          fromName: AUTH_SENDER_NAME,
          ...alreadyRegisteredMail(`${config.publicUrl}/auth`),
        });
      },
      resetPasswordTokenExpiresIn: PASSWORD_RESET_LINK_HOURS * 60 * 60,
      // Any existing sessions end when the password is reset (someone else may hold one).
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.queue({
          kind: 'password-reset',
          to: user.email,
          fromName: AUTH_SENDER_NAME,
          ...passwordResetMail(url),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The confirmation link signs the user in (on the device that opens it).
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_CONFIRMATION_LINK_HOURS * 60 * 60,
      sendVerificationEmail: async ({ user, token }, request) => {
        // Users the server creates itself (CLI, demo, an accepted invitation) come without an
        // HTTP request and are confirmed by it: only sign-ups from the web get the mail.
        if (!request) return;
        // The link opens the web app's /auth/confirm, which hands the token to better-auth.
        const url = `${config.publicUrl}/auth/confirm?token=${encodeURIComponent(token)}`;
        await mailer.queue({
          kind: 'email-confirmation',
          to: user.email,
          fromName: AUTH_SENDER_NAME,
          ...emailConfirmationMail(url),
        });
      },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, input: true },
        lastName: { type: 'string', required: false, input: true },
        businessName: { type: 'string', required: false, input: true },
        onboardingComplete: { type: 'boolean', required: false, input: false, defaultValue: false },
        onboardingStepCompleted: { type: 'number', required: false, input: false, defaultValue: 0 },
      },
    },
    session: { cookieCache: { enabled: false } },
    // Counters live in the database so that several server processes share them. The client
    // address comes from fastify (X-Forwarded-For is only trusted with TRUST_PROXY).
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: config.rateLimitMax,
      customRules: Object.fromEntries(
        GUARDED_AUTH_PATHS.map((path) => [path, { window: 60, max: config.authRateLimitMax }]),
      ),
    },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      // better-auth turns its Origin/CSRF check off under a test runner; ours test the real thing.
      disableOriginCheck: false,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      database: { generateId: () => randomUUID() },
    },
    telemetry: { enabled: false },
    plugins: [
      organization({ allowUserToCreateOrganization: true, creatorRole: 'owner' }),
      // TOTP with backup codes, enrolled in Settings; sign-in then asks for the code.
      twoFactor({ issuer: 'Crewdesk' }),
      // Sign-in with a code sent by e-mail, for existing users only (no sign-up by code).
      emailOTP({
        otpLength: ONE_TIME_CODE_LENGTH,
        expiresIn: SIGN_IN_CODE_MINUTES * 60,
        disableSignUp: true,
        sendVerificationOTP: async ({ email, otp, type }) => {
          // better-auth's code sign-in skips the two-factor step, so a user who turned two-factor
          // on never gets a sign-in code: they are told to use their password and app instead.
          // The answer to the request stays the same, so nothing is revealed about the account.
          const withTwoFactor = type === 'sign-in' && (await userHasTwoFactor(db, { email }));
          await mailer.queue({
            kind: withTwoFactor ? 'code-refused-two-factor' : `code-${type}`,
            to: email,
            fromName: AUTH_SENDER_NAME,
            ...(withTwoFactor ? twoFactorCodeRefusedMail() : oneTimeCodeMail(otp, type)),
          });
        },
      }),
      // Sign-up and sign-in with a phone number and password: the number is confirmed with a code
      // sent by text message before the first sign-in (see modules/phone-sign-up).
      phoneNumber({
        otpLength: ONE_TIME_CODE_LENGTH,
        expiresIn: SIGN_IN_CODE_MINUTES * 60,
        requireVerification: true,
        phoneNumberValidator: (value) => normalizePhoneNumber(value) === value,
        sendOTP: async ({ phoneNumber: to, code }) => {
          // A code alone signs in (better-auth's verify), so, as with e-mailed codes, a user
          // with two-factor sign-in never gets one: they are told to use password and app.
          const refused = await userHasTwoFactor(db, { phoneNumber: to });
          await texter.send({
            kind: refused ? 'phone-code-refused-two-factor' : 'phone-code',
            to,
            body: refused
              ? 'Someone asked for a Crewdesk sign-in code. Your account uses two-factor sign-in: sign in with your password and authenticator app.'
              : `Your Crewdesk code is ${code}. It works once, for ${SIGN_IN_CODE_MINUTES} minutes.`,
          });
        },
        // "Forgot password?" for a phone number: a code by text, then a new password.
        sendPasswordResetOTP: async ({ phoneNumber: to, code }) => {
          await texter.send({
            kind: 'phone-password-reset',
            to,
            body: `Your Crewdesk password reset code is ${code}. It works once, for ${SIGN_IN_CODE_MINUTES} minutes. If you did not ask for it, ignore this message.`,
          });
        },
      }),
    ],
    databaseHooks: {
      session: {
        create: {
          // A new session (a sign-in) starts in the account the user last worked in; the
          // resolution rule still applies when they no longer belong to it.
          before: async (session) => {
            const lastAccountId = await findLastAccountId(db, session.userId);
            return { data: { ...session, activeOrganizationId: lastAccountId } };
          },
        },
      },
      user: {
        create: {
          // Every new user owns a business account from the first minute (spec: Business account).
          after: async (user) => {
            const businessName = typeof user.businessName === 'string' ? user.businessName : '';
            await createBusinessAccount(db, { userId: user.id, name: businessName });
            // The self-hosted default plan is active at once (no provider needed).
            await insertSubscription(db, { userId: user.id, ...DEFAULT_PLAN });
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
