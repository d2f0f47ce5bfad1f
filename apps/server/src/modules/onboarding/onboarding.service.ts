import {
  BUSINESS_DETAILS_WARNING,
  DEFAULT_PLAN,
  hasBusinessDetails,
  ONBOARDING_FINAL_STEP,
  onboardingDecision,
  type BusinessAccount,
  type OnboardingBusiness,
  type OnboardingProfile,
} from '@crewdesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError, unauthenticated } from '../../lib/app-error.ts';
import {
  createBusinessAccount,
  PERSONAL_ACCOUNT_NAME,
  switchActiveAccount,
} from '../accounts/index.ts';
import { activeSubscription, insertSubscription } from '../business-profile/index.ts';
import * as repo from './onboarding.repo.ts';

export interface OnboardingStatus {
  complete: boolean;
  /** The last step done: profile (1), business (2), plan (3). */
  stepCompleted: number;
  /** Spec section 4, auth gate: the user must go to /onboarding. */
  required: boolean;
}

async function userOrThrow(db: Db, userId: string): Promise<repo.UserRow> {
  const user = await repo.findUser(db, userId);
  if (!user) throw unauthenticated();
  return user;
}

/**
 * Spec section 4: onboarding is skipped when onboarding_complete is set, or for an invited account
 * member (whose flag is then set with step 3); otherwise it is required unless first name, last
 * name, business name and an active subscription all exist.
 */
export async function onboardingStatus(db: Db, userId: string): Promise<OnboardingStatus> {
  const user = await userOrThrow(db, userId);
  const decision = onboardingDecision({
    onboardingComplete: user.onboardingComplete,
    isInvitedMember: await repo.isInvitedMember(db, userId),
    firstName: user.firstName,
    lastName: user.lastName,
    businessName: user.businessName,
    hasActiveSubscription: (await activeSubscription(db, userId)) !== undefined,
  });
  if (decision === 'skip-invited') {
    await repo.updateUser(db, userId, {
      onboardingComplete: true,
      onboardingStepCompleted: ONBOARDING_FINAL_STEP,
    });
    return { complete: true, stepCompleted: ONBOARDING_FINAL_STEP, required: false };
  }
  return {
    complete: decision === 'complete',
    stepCompleted: user.onboardingStepCompleted,
    required: decision === 'required',
  };
}

/** Step 1: the user's name (the avatar has its own upload). */
export async function saveProfile(db: Db, userId: string, profile: OnboardingProfile) {
  const user = await userOrThrow(db, userId);
  await repo.updateUser(db, userId, {
    firstName: profile.firstName,
    lastName: profile.lastName,
    name: `${profile.firstName} ${profile.lastName}`,
    onboardingStepCompleted: Math.max(user.onboardingStepCompleted, 1),
  });
}

/**
 * The account onboarding fills in: the one it created before (a repeated step edits it), else
 * the account made at sign-up when it was given a business name, else none (a new one is made).
 */
async function accountToEdit(db: Db, userId: string) {
  const owned = await repo.ownedAccounts(db, userId);
  const earlier = owned.find((a) => a.metadata === repo.ONBOARDING_ACCOUNT_METADATA);
  if (earlier) return earlier;
  const [first] = owned;
  return first && owned.length === 1 && first.name !== PERSONAL_ACCOUNT_NAME ? first : undefined;
}

export interface SavedBusiness {
  account: BusinessAccount;
  /** Set when the account exists but its details could not be stored (spec section 7). */
  warning: string | null;
}

/**
 * Step 2: creates the business account (slug rule, the user as owner) and acts for it from now
 * on; then upserts its details. A failure there is only a warning.
 */
export async function saveBusiness(
  db: Db,
  log: FastifyBaseLogger,
  input: { userId: string; sessionId: string; business: OnboardingBusiness },
): Promise<SavedBusiness> {
  const user = await userOrThrow(db, input.userId);
  const name = input.business.businessName;
  const existing = await accountToEdit(db, input.userId);
  let account: BusinessAccount;
  if (existing) {
    await repo.updateAccount(db, existing.id, {
      name,
      metadata: repo.ONBOARDING_ACCOUNT_METADATA,
    });
    account = {
      account_id: existing.id,
      account_name: name,
      account_slug: existing.slug,
      role: 'owner',
    };
  } else {
    account = await createBusinessAccount(db, {
      userId: input.userId,
      name,
      metadata: repo.ONBOARDING_ACCOUNT_METADATA,
    });
  }
  await repo.updateUser(db, input.userId, {
    businessName: name,
    onboardingStepCompleted: Math.max(user.onboardingStepCompleted, 2),
  });
  await switchActiveAccount(db, {
    userId: input.userId,
    sessionId: input.sessionId,
    accountId: account.account_id,
  });

  let warning: string | null = null;
  if (hasBusinessDetails(input.business)) {
    try {
      await repo.upsertOnboardingDetails(db, account.account_id, input.business);
    } catch (error) {
      log.warn({ err: error, accountId: account.account_id }, 'business details not saved');
      warning = BUSINESS_DETAILS_WARNING;
    }
  }
  return { account, warning };
}

/** Step 3: the self-hosted plan ('Free', active at once); onboarding is then complete. */
export async function finishOnboarding(db: Db, userId: string): Promise<void> {
  const user = await userOrThrow(db, userId);
  if (!user.firstName || !user.lastName || !user.businessName) {
    throw new AppError('BAD_REQUEST', 'Add your name and your business before choosing a plan.');
  }
  if (!(await activeSubscription(db, userId))) {
    await insertSubscription(db, { userId, ...DEFAULT_PLAN });
  }
  await repo.updateUser(db, userId, {
    onboardingComplete: true,
    onboardingStepCompleted: ONBOARDING_FINAL_STEP,
  });
}
