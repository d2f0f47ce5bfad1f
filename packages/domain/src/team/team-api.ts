import { z } from 'zod';
import { ROLES } from '../auth/roles.ts';
import { EMPLOYMENT_STATUSES } from './team.ts';

// The team endpoints' answers: the routes serialize with these, the server and the web take
// their types from them.

/** One person of the business (spec section 3, Employee), with their login's role if any. */
export const teamEmployeeSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  employmentStatus: z.enum(EMPLOYMENT_STATUSES),
  payRateCents: z.number().int().nullable(),
  /** The team leader whose crew this person is in (their time is that leader's to see). */
  crewLeaderId: z.uuid().nullable(),
  userId: z.uuid().nullable(),
  /** The role of the linked login in this business; null for staff without one. */
  role: z.enum(ROLES).nullable(),
  /** The linked login's membership: active, deactivated, or null without a login. */
  memberStatus: z.enum(['active', 'deactivated']).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TeamEmployee = z.output<typeof teamEmployeeSchema>;

/** An invitation not answered yet; an expired one can be sent again. */
export const teamInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(['pending', 'expired']),
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  invitedBy: z.string().nullable(),
});
export type TeamInvitation = z.output<typeof teamInvitationSchema>;

/** An invitation as its link shows it; no session needed (the id is the link's secret). */
export const publicInvitationSchema = z.object({
  id: z.uuid(),
  businessName: z.string(),
  role: z.enum(ROLES),
  email: z.string(),
  status: z.enum(['pending', 'expired', 'accepted', 'canceled']),
  expiresAt: z.iso.datetime(),
  invitedBy: z.string().nullable(),
});
export type PublicInvitation = z.output<typeof publicInvitationSchema>;
