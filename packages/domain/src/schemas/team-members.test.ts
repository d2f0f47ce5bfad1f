import { describe, expect, it } from 'vitest';
import {
  employeeSchema,
  employeeUpdateSchema,
  invitationSchema,
  invitationSignUpSchema,
} from './team-members.ts';

describe('team schemas', () => {
  it('when an employee is entered, then names are trimmed and empty contact fields become null', () => {
    expect(
      employeeSchema.parse({
        firstName: ' Ana ',
        lastName: 'Bell',
        email: ' Ana@Example.COM ',
        phone: '',
        payRateCents: 2500,
      }),
    ).toEqual({
      firstName: 'Ana',
      lastName: 'Bell',
      email: 'ana@example.com',
      phone: null,
      payRateCents: 2500,
    });
  });

  it.each([
    [{ firstName: '', lastName: 'B' }, 'First name is required.'],
    [{ firstName: 'A', lastName: ' ' }, 'Last name is required.'],
    [{ firstName: 'A', lastName: 'B', email: 'x' }, 'Please enter a valid email address.'],
    [
      { firstName: 'A', lastName: 'B', payRateCents: 1.5 },
      'Pay rate must be a whole number of cents.',
    ],
    [{ firstName: 'A', lastName: 'B', payRateCents: -1 }, 'Pay rate cannot be negative.'],
  ])('when %j is entered, then it is refused with "%s"', (input, message) => {
    const result = employeeSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('when an update names a status, then only active and inactive pass', () => {
    expect(employeeUpdateSchema.parse({ employmentStatus: 'inactive' })).toEqual({
      employmentStatus: 'inactive',
    });
    expect(employeeUpdateSchema.safeParse({ employmentStatus: 'gone' }).success).toBe(false);
  });

  it('when an invitation is made, then the e-mail is lowercased and owner is refused', () => {
    expect(invitationSchema.parse({ email: ' New@Crew.TEST ', role: 'team_leader' })).toEqual({
      email: 'new@crew.test',
      role: 'team_leader',
    });
    const owner = invitationSchema.safeParse({ email: 'a@b.co', role: 'owner' });
    expect(owner.error?.issues[0]?.message).toBe(
      'Choose a role for this person (any role but owner).',
    );
  });

  it('when signing up from an invitation, then both names and an 8-character password are needed', () => {
    expect(
      invitationSignUpSchema.safeParse({ firstName: 'A', lastName: 'B', password: 'short' }).error
        ?.issues[0]?.message,
    ).toBe('Password must be at least 8 characters.');
    expect(
      invitationSignUpSchema.parse({ firstName: ' A ', lastName: 'B', password: '12345678' }),
    ).toEqual({ firstName: 'A', lastName: 'B', password: '12345678' });
  });
});
