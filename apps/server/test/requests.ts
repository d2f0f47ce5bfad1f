import type { BusinessProfileInput, EstimateInput } from '@crewdesk/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { requests } from '../src/db/schema/index.ts';
import { asUser, signedInUser, type SignedInUser } from './build-app.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** What calculatorFormBody prices: a weekly commercial clean with two services. */
export const CALCULATOR_INPUT: EstimateInput = {
  propertyType: 'commercial',
  squareFootage: 2500,
  numberOfRooms: 3,
  numberOfBathrooms: 2,
  frequency: 'weekly',
  additionalServices: ['deep-cleaning', 'window-cleaning'],
  specificAreas: ['offices', 'lobby'],
};

/** A one-time clean of a small home: spread it over calculatorFormBody's inputs. */
export const SMALL_HOME: EstimateInput = {
  propertyType: 'residential',
  squareFootage: 1000,
  numberOfRooms: 1,
  numberOfBathrooms: 1,
  frequency: 'one-time',
  additionalServices: [],
  specificAreas: [],
};
/** The calculator's price for SMALL_HOME: 0.05 × 1000 + 25 + 20 dollars. */
export const SMALL_HOME_PRICE_CENTS = 9500;

/** A proposal with options; one service, so Basic, Standard and Deep all differ. */
export const PROPOSAL_WITH_OPTIONS = {
  type: 'quote',
  proposal_type: 'options',
  additionalServices: ['window-cleaning'],
};
/** What the server prices the options of PROPOSAL_WITH_OPTIONS from. */
export const PROPOSAL_INPUT: EstimateInput = {
  ...CALCULATOR_INPUT,
  additionalServices: ['window-cleaning'],
};

/**
 * The calculator form a business saves for CALCULATOR_INPUT, for Maria Gonzalez: the details
 * the share page labels, an internal figure (hourlyRate) and a private note (a gate code)
 * included.
 */
export function calculatorFormBody(
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ...CALCULATOR_INPUT,
    condition: 'long_time_no_clean',
    accessibility: ['stairs'],
    clientPreferences: ['pet_safe'],
    timeConstraints: { startTime: '9:00 AM', endTime: '12:00 PM' },
    hourlyRate: 35,
    clientName: 'Maria Gonzalez',
    email: 'maria@example.test',
    phone: '512 555 0100',
    description: 'Internal note: gate code 4321',
    type: 'estimate',
    ...overrides,
  };
}

/** The time zone of ownerWithBusinessProfile's default profile (dates in mails use it). */
export const BUSINESS_TIME_ZONE = 'America/Chicago';

/**
 * An owner signed in, whose business profile is saved: by default with every contact detail,
 * the e-mail the account's own (so notices to it can be told apart) and BUSINESS_TIME_ZONE.
 */
export async function ownerWithBusinessProfile(
  app: FastifyInstance,
  profile?: BusinessProfileInput,
): Promise<SignedInUser> {
  const owner = await signedInUser(app);
  const res = await asUser(app, owner, {
    method: 'PUT',
    url: '/api/business-profile',
    payload: profile ?? {
      businessName: 'Sparkle Cleaning Co',
      email: `office-${owner.accountId}@sparkle.test`,
      phone: '512 555 0199',
      website: 'https://sparkle.test',
      address: '100 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      timeZone: BUSINESS_TIME_ZONE,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return owner;
}

/** Saves calculatorFormBody(overrides) through the API as `user`; returns the answer's body. */
export async function createRequestAs(
  app: FastifyInstance,
  user: SignedInUser,
  overrides: Record<string, unknown> = {},
) {
  const res = await asUser(app, user, {
    method: 'POST',
    url: '/api/requests',
    payload: calculatorFormBody(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A proposal stored straight in the table, for users who may not save one (team_member). */
export async function insertProposalRow(db: Db, accountId: string) {
  const [row] = await db
    .insert(requests)
    .values({
      accountId,
      title: 'Proposal for Ann Lee',
      client: 'Ann Lee',
      amountCents: SMALL_HOME_PRICE_CENTS,
      date: '2026-01-01',
      type: 'quote',
      proposalType: 'options',
      expiresAt: new Date(Date.now() + 30 * DAY_MS),
    })
    .returning();
  return row!;
}

/** Every key anywhere in a JSON value. */
export function allKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allKeys);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [k, ...allKeys(v)]);
  }
  return [];
}
