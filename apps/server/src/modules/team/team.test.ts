import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountInvitations,
  accountMembers,
  businessAccounts,
  employees,
  mailMessages,
  sessions,
  users,
} from '../../db/schema/index.ts';
import {
  asUser,
  createTestApp,
  memberActingFor,
  sessionCookie,
  signedInUser,
  signIn,
  TEST_ORIGIN,
  type SignedInUser,
  type TestApp,
} from '../../../test/build-app.ts';
import { createTestAppWithInbox, type TestAppWithInbox } from '../../../test/smtp.ts';
import { addMember } from '../identity/index.ts';

const NOT_FOUND_KEYS = ['code', 'message'];

async function employeeIdOf(t: TestApp, accountId: string, userId: string): Promise<string> {
  const [row] = await t.app.db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.accountId, accountId), eq(employees.userId, userId)));
  if (!row) throw new Error('no employee record');
  return row.id;
}

async function invite(t: TestApp, by: SignedInUser, email: string, role = 'team_member') {
  return asUser(t.app, by, {
    method: 'POST',
    url: '/api/team/invitations',
    payload: { email, role },
  });
}

describe('team and employees', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('GET /api/team/employees', () => {
    it('when an owner lists the team, then everyone comes by first name with the linked role and status, a page at a time', async () => {
      const owner = await signedInUser(t.app, {
        firstName: 'Olga',
        lastName: 'Owner',
        accountName: 'List Co',
      });
      const leader = await signedInUser(t.app, { firstName: 'Liam', lastName: 'Lead' });
      await addMember(t.app.db, {
        accountId: owner.accountId,
        userId: leader.userId,
        role: 'team_leader',
      });
      for (const firstName of ['Zed', 'Abby']) {
        const res = await asUser(t.app, owner, {
          method: 'POST',
          url: '/api/team/employees',
          payload: { firstName, lastName: 'Staff' },
        });
        expect(res.statusCode).toBe(201);
      }

      const res = await asUser(t.app, owner, { method: 'GET', url: '/api/team/employees' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.items.map((e: { firstName: string }) => e.firstName)).toEqual([
        'Abby',
        'Liam',
        'Olga',
        'Zed',
      ]);
      expect(body).toMatchObject({ total: 4, limit: 50, offset: 0, nextOffset: null });
      const [abby, liam, olga] = body.items;
      expect(abby).toMatchObject({ userId: null, role: null, memberStatus: null });
      expect(liam).toMatchObject({
        userId: leader.userId,
        role: 'team_leader',
        memberStatus: 'active',
        employmentStatus: 'active',
        email: leader.email,
      });
      expect(olga).toMatchObject({ role: 'owner', lastName: 'Owner' });

      const page = await asUser(t.app, owner, {
        method: 'GET',
        url: '/api/team/employees?limit=2&offset=2',
      });
      expect(page.json()).toMatchObject({ total: 4, offset: 2, nextOffset: null });
      expect(page.json().items.map((e: { firstName: string }) => e.firstName)).toEqual([
        'Olga',
        'Zed',
      ]);
      const first = await asUser(t.app, owner, {
        method: 'GET',
        url: '/api/team/employees?limit=2',
      });
      expect(first.json().nextOffset).toBe(2);
    });

    it('when the query is out of range, then it answers 400 with the reason', async () => {
      const owner = await signedInUser(t.app);
      const res = await asUser(t.app, owner, {
        method: 'GET',
        url: '/api/team/employees?limit=0',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('limit: limit must be between 1 and 100');
      const status = await asUser(t.app, owner, {
        method: 'GET',
        url: '/api/team/employees?status=gone',
      });
      expect(status.statusCode).toBe(400);
      expect(status.json().message).toBe("status: status must be 'active' or 'inactive'");
    });

    it('when a team member asks, then it answers 403', async () => {
      const member = await signedInUser(t.app, { role: 'team_member' });
      const res = await asUser(t.app, member, { method: 'GET', url: '/api/team/employees' });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('POST /api/team/employees', () => {
    it('when a manager adds staff without a login, then it is stored with cleaned fields', async () => {
      const manager = await signedInUser(t.app, { role: 'business_manager' });
      const res = await asUser(t.app, manager, {
        method: 'POST',
        url: '/api/team/employees',
        payload: {
          firstName: ' Nora ',
          lastName: 'Night',
          email: 'Nora@Example.TEST',
          phone: '',
          payRateCents: 2250,
        },
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        firstName: 'Nora',
        lastName: 'Night',
        email: 'nora@example.test',
        phone: null,
        payRateCents: 2250,
        employmentStatus: 'active',
        userId: null,
        role: null,
      });
      const [stored] = await t.app.db.select().from(employees).where(eq(employees.id, body.id));
      expect(stored).toMatchObject({ accountId: manager.accountId, payRateCents: 2250 });
    });

    it('when a name is missing or the e-mail is wrong, then it answers 400 with the message', async () => {
      const owner = await signedInUser(t.app);
      const noName = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/team/employees',
        payload: { firstName: '  ', lastName: 'X' },
      });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().message).toBe('firstName: First name is required.');
      const badEmail = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/team/employees',
        payload: { firstName: 'A', lastName: 'B', email: 'not-an-email' },
      });
      expect(badEmail.json().message).toBe('email: Please enter a valid email address.');
      const badPay = await asUser(t.app, owner, {
        method: 'POST',
        url: '/api/team/employees',
        payload: { firstName: 'A', lastName: 'B', payRateCents: -5 },
      });
      expect(badPay.json().message).toBe('payRateCents: Pay rate cannot be negative.');
    });
  });

  describe('GET and PATCH /api/team/employees/:id', () => {
    it('when a team leader opens a profile, then it comes whole', async () => {
      const leader = await signedInUser(t.app, { role: 'team_leader', firstName: 'Lee' });
      const id = await employeeIdOf(t, leader.accountId, leader.userId);
      const res = await asUser(t.app, leader, { method: 'GET', url: `/api/team/employees/${id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, firstName: 'Lee', role: 'team_leader' });
    });

    it("when the id is another account's, then it answers 404 with nothing of the record", async () => {
      const owner = await signedInUser(t.app);
      const stranger = await signedInUser(t.app, { firstName: 'Secret' });
      const id = await employeeIdOf(t, stranger.accountId, stranger.userId);
      for (const request of [
        { method: 'GET' as const, url: `/api/team/employees/${id}` },
        { method: 'PATCH' as const, url: `/api/team/employees/${id}`, payload: { phone: '1' } },
      ]) {
        const res = await asUser(t.app, owner, request);
        expect(res.statusCode).toBe(404);
        expect(Object.keys(res.json()).sort()).toEqual(NOT_FOUND_KEYS);
        expect(res.body).not.toContain('Secret');
      }
      const [stored] = await t.app.db.select().from(employees).where(eq(employees.id, id));
      expect(stored?.phone).toBeNull();
    });

    it('when the id is not a UUID, then it answers 400', async () => {
      const owner = await signedInUser(t.app);
      const res = await asUser(t.app, owner, { method: 'GET', url: '/api/team/employees/42' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('id: id must be a UUID');
    });

    it('when an admin edits staff, then the change is stored', async () => {
      const admin = await signedInUser(t.app, { role: 'admin' });
      const created = (
        await asUser(t.app, admin, {
          method: 'POST',
          url: '/api/team/employees',
          payload: { firstName: 'Pat', lastName: 'Part' },
        })
      ).json();
      const res = await asUser(t.app, admin, {
        method: 'PATCH',
        url: `/api/team/employees/${created.id}`,
        payload: { phone: '512 555 0100', payRateCents: 3000, employmentStatus: 'inactive' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        phone: '512 555 0100',
        payRateCents: 3000,
        employmentStatus: 'inactive',
      });
      const bad = await asUser(t.app, admin, {
        method: 'PATCH',
        url: `/api/team/employees/${created.id}`,
        payload: { employmentStatus: 'fired' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(
        "employmentStatus: Employment status must be 'active' or 'inactive'.",
      );
    });

    it("when an admin sets a member's employee record inactive, then the membership is deactivated too", async () => {
      const owner = await signedInUser(t.app);
      const worker = await signedInUser(t.app);
      await addMember(t.app.db, {
        accountId: owner.accountId,
        userId: worker.userId,
        role: 'team_member',
      });
      const id = await employeeIdOf(t, owner.accountId, worker.userId);
      const res = await asUser(t.app, owner, {
        method: 'PATCH',
        url: `/api/team/employees/${id}`,
        payload: { employmentStatus: 'inactive' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        employmentStatus: 'inactive',
        memberStatus: 'deactivated',
      });

      const ownId = await employeeIdOf(t, owner.accountId, owner.userId);
      const self = await asUser(t.app, owner, {
        method: 'PATCH',
        url: `/api/team/employees/${ownId}`,
        payload: { employmentStatus: 'inactive' },
      });
      expect(self.statusCode).toBe(403);
      expect(self.json().message).toBe('The owner cannot be deactivated.');
    });
  });

  describe('members: role and deactivation', () => {
    it('when an admin changes a member role, then it is stored and the owner and oneself stay as they are', async () => {
      const owner = await signedInUser(t.app);
      const admin = await signedInUser(t.app);
      const worker = await signedInUser(t.app);
      await addMember(t.app.db, {
        accountId: owner.accountId,
        userId: admin.userId,
        role: 'admin',
      });
      await addMember(t.app.db, {
        accountId: owner.accountId,
        userId: worker.userId,
        role: 'team_member',
      });
      await asUser(t.app, admin, {
        method: 'PUT',
        url: '/api/me/active-account',
        payload: { accountId: owner.accountId },
      });

      const res = await asUser(t.app, admin, {
        method: 'PATCH',
        url: `/api/team/members/${worker.userId}`,
        payload: { role: 'team_leader' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ userId: worker.userId, role: 'team_leader' });
      const [stored] = await t.app.db
        .select()
        .from(accountMembers)
        .where(
          and(
            eq(accountMembers.organizationId, owner.accountId),
            eq(accountMembers.userId, worker.userId),
          ),
        );
      expect(stored?.role).toBe('team_leader');

      const ownerChange = await asUser(t.app, admin, {
        method: 'PATCH',
        url: `/api/team/members/${owner.userId}`,
        payload: { role: 'team_member' },
      });
      expect(ownerChange.statusCode).toBe(403);
      expect(ownerChange.json().message).toBe("The owner's role cannot be changed.");
      const selfChange = await asUser(t.app, admin, {
        method: 'PATCH',
        url: `/api/team/members/${admin.userId}`,
        payload: { role: 'business_admin' },
      });
      expect(selfChange.statusCode).toBe(403);
      expect(selfChange.json().message).toBe('You cannot change your own role.');
      const ownerOff = await asUser(t.app, admin, {
        method: 'POST',
        url: `/api/team/members/${owner.userId}/deactivate`,
      });
      expect(ownerOff.statusCode).toBe(403);
      const toOwner = await asUser(t.app, admin, {
        method: 'PATCH',
        url: `/api/team/members/${worker.userId}`,
        payload: { role: 'owner' },
      });
      expect(toOwner.statusCode).toBe(400);
      expect(toOwner.json().message).toBe(
        'role: Choose a role for this person (any role but owner).',
      );
    });

    it('when the user belongs to another account, then the change answers 404 and changes nothing', async () => {
      const owner = await signedInUser(t.app);
      const stranger = await signedInUser(t.app, { role: 'team_member' });
      const res = await asUser(t.app, owner, {
        method: 'PATCH',
        url: `/api/team/members/${stranger.userId}`,
        payload: { role: 'admin' },
      });
      expect(res.statusCode).toBe(404);
      expect(Object.keys(res.json()).sort()).toEqual(NOT_FOUND_KEYS);
      const off = await asUser(t.app, owner, {
        method: 'POST',
        url: `/api/team/members/${stranger.userId}/deactivate`,
      });
      expect(off.statusCode).toBe(404);
      const [stored] = await t.app.db
        .select()
        .from(accountMembers)
        .where(eq(accountMembers.userId, stranger.userId));
      expect(stored).toMatchObject({ role: 'team_member', deactivatedAt: null });
    });

    it('when a member is deactivated, then their existing session stops acting for that business at once, and reactivation restores it', async () => {
      const owner = await signedInUser(t.app, { accountName: 'Deactivation Co' });
      const leader = await memberActingFor(t.app, owner, 'team_leader');
      const ownerEmployee = await employeeIdOf(t, owner.accountId, owner.userId);
      const before = await asUser(t.app, leader, {
        method: 'GET',
        url: `/api/team/employees/${ownerEmployee}`,
      });
      expect(before.statusCode).toBe(200);

      const off = await asUser(t.app, owner, {
        method: 'POST',
        url: `/api/team/members/${leader.userId}/deactivate`,
      });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({
        memberStatus: 'deactivated',
        employmentStatus: 'inactive',
      });

      // The same cookie, at once: the business is gone from the session.
      const after = await asUser(t.app, leader, {
        method: 'GET',
        url: `/api/team/employees/${ownerEmployee}`,
      });
      expect(after.statusCode).toBe(404);
      const me = (await asUser(t.app, leader, { method: 'GET', url: '/api/me' })).json();
      expect(me.activeAccountId).toBe(leader.accountId);
      expect(me.accounts.map((a: { account_id: string }) => a.account_id)).toEqual([
        leader.accountId,
      ]);
      const back = await asUser(t.app, leader, {
        method: 'PUT',
        url: '/api/me/active-account',
        payload: { accountId: owner.accountId },
      });
      expect(back.statusCode).toBe(404);

      const on = await asUser(t.app, owner, {
        method: 'POST',
        url: `/api/team/members/${leader.userId}/reactivate`,
      });
      expect(on.statusCode).toBe(200);
      expect(on.json()).toMatchObject({ memberStatus: 'active', employmentStatus: 'active' });
      const again = await asUser(t.app, leader, {
        method: 'PUT',
        url: '/api/me/active-account',
        payload: { accountId: owner.accountId },
      });
      expect(again.statusCode).toBe(200);
    });

    it('when the deactivated member has no other business, then their session gets 403 on team endpoints', async () => {
      const owner = await signedInUser(t.app, { accountName: 'Only Co' });
      const email = `only-${Date.now()}@example.test`;
      const invitation = (await invite(t, owner, email, 'team_leader')).json();
      const signUp = await t.app.inject({
        method: 'POST',
        url: `/api/invitations/${invitation.id}/sign-up`,
        headers: { origin: TEST_ORIGIN },
        payload: { firstName: 'Olly', lastName: 'Only', password: 'correct-horse-battery' },
      });
      expect(signUp.statusCode).toBe(200);
      const invitee = { cookie: sessionCookie(signUp) };
      const list = await asUser(t.app, invitee, { method: 'GET', url: '/api/team/employees' });
      expect(list.statusCode).toBe(200);
      const [user] = await t.app.db.select().from(users).where(eq(users.email, email));

      await asUser(t.app, owner, {
        method: 'POST',
        url: `/api/team/members/${user!.id}/deactivate`,
      });
      const denied = await asUser(t.app, invitee, { method: 'GET', url: '/api/team/employees' });
      expect(denied.statusCode).toBe(403);
      const me = (await asUser(t.app, invitee, { method: 'GET', url: '/api/me' })).json();
      expect(me).toMatchObject({ accounts: [], activeAccountId: null, role: 'member' });
    });
  });

  describe('invitations', () => {
    it('when an owner invites an address, then the invitation is stored for 7 days and its mail queued in the business name', async () => {
      const owner = await signedInUser(t.app, {
        accountName: 'Invite Co',
        firstName: 'Ivy',
        lastName: 'Inviter',
      });
      const email = `new-${Date.now()}@example.test`;
      const res = await invite(t, owner, email.toUpperCase(), 'sales_person');
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ email, role: 'sales_person', status: 'pending' });
      const days = (Date.parse(body.expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);

      const [mail] = await t.app.db
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.toAddress, email));
      expect(mail).toMatchObject({
        accountId: owner.accountId,
        kind: 'team-invitation',
        fromName: 'Invite Co',
        subject: 'Ivy Inviter invited you to join Invite Co on Crewdesk',
        links: [`${TEST_ORIGIN}/accept-invitation?id=${body.id}`],
      });
      expect(mail?.textBody).toContain('as Sales person');
      expect(mail?.htmlBody).toContain(`/accept-invitation?id=${body.id}`);

      const list = await asUser(t.app, owner, { method: 'GET', url: '/api/team/invitations' });
      expect(list.json()).toEqual([
        expect.objectContaining({ id: body.id, email, invitedBy: 'Ivy Inviter' }),
      ]);
    });

    it('when a pending address is invited again, then the same invitation is renewed with the new role and a new mail', async () => {
      const owner = await signedInUser(t.app);
      const email = `again-${Date.now()}@example.test`;
      const first = (await invite(t, owner, email, 'team_member')).json();
      await t.app.db
        .update(accountInvitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(accountInvitations.id, first.id));
      const listed = await asUser(t.app, owner, { method: 'GET', url: '/api/team/invitations' });
      expect(listed.json()[0].status).toBe('expired');

      const again = await invite(t, owner, email, 'team_leader');
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ id: first.id, role: 'team_leader', status: 'pending' });
      const rows = await t.app.db
        .select()
        .from(accountInvitations)
        .where(eq(accountInvitations.organizationId, owner.accountId));
      expect(rows).toHaveLength(1);
      const mails = await t.app.db
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.toAddress, email));
      expect(mails).toHaveLength(2);
    });

    it('when the input is wrong or the role is owner, then it answers 400', async () => {
      const owner = await signedInUser(t.app);
      const badEmail = await invite(t, owner, 'nope', 'team_member');
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json().message).toBe('email: Please enter a valid email address.');
      const asOwner = await invite(t, owner, 'x@example.test', 'owner');
      expect(asOwner.statusCode).toBe(400);
      expect(asOwner.json().message).toBe(
        'role: Choose a role for this person (any role but owner).',
      );
    });

    it('when the address is already a member, then it answers 409', async () => {
      const owner = await signedInUser(t.app);
      const member = await signedInUser(t.app);
      await addMember(t.app.db, {
        accountId: owner.accountId,
        userId: member.userId,
        role: 'team_member',
      });
      const res = await invite(t, owner, member.email, 'team_leader');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(`${member.email} is already a member of this business.`);
    });

    it('when a team leader invites someone as admin, then it answers 403: no role above their own rights', async () => {
      const leader = await signedInUser(t.app, { role: 'team_leader' });
      const res = await invite(t, leader, 'boss@example.test', 'admin');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'You cannot give the role Admin: it carries more rights than your own role may hand out.',
      );
      expect(
        await t.app.db
          .select()
          .from(accountInvitations)
          .where(eq(accountInvitations.email, 'boss@example.test')),
      ).toEqual([]);
      const ok = await invite(t, leader, 'crew@example.test', 'team_member');
      expect(ok.statusCode).toBe(201);
    });

    it("when an invitation is canceled, then it leaves the list; another account's answers 404", async () => {
      const owner = await signedInUser(t.app);
      const other = await signedInUser(t.app);
      const invitation = (await invite(t, owner, `cancel-${Date.now()}@example.test`)).json();
      const foreign = await asUser(t.app, other, {
        method: 'DELETE',
        url: `/api/team/invitations/${invitation.id}`,
      });
      expect(foreign.statusCode).toBe(404);
      expect(Object.keys(foreign.json()).sort()).toEqual(NOT_FOUND_KEYS);

      const res = await asUser(t.app, owner, {
        method: 'DELETE',
        url: `/api/team/invitations/${invitation.id}`,
      });
      expect(res.statusCode).toBe(204);
      const [stored] = await t.app.db
        .select()
        .from(accountInvitations)
        .where(eq(accountInvitations.id, invitation.id));
      expect(stored?.status).toBe('canceled');
      const list = await asUser(t.app, owner, { method: 'GET', url: '/api/team/invitations' });
      expect(list.json()).toEqual([]);
      const twice = await asUser(t.app, owner, {
        method: 'DELETE',
        url: `/api/team/invitations/${invitation.id}`,
      });
      expect(twice.statusCode).toBe(409);
      const publicView = await t.app.inject({
        method: 'GET',
        url: `/api/invitations/${invitation.id}`,
      });
      expect(publicView.json().status).toBe('canceled');
    });
  });

  describe('answering an invitation', () => {
    it('when someone opens the link without a session, then they see the business, role, e-mail and status; unknown ids answer 404', async () => {
      const owner = await signedInUser(t.app, { accountName: 'Public Co' });
      const email = `see-${Date.now()}@example.test`;
      const invitation = (await invite(t, owner, email, 'team_leader')).json();
      const res = await t.app.inject({ method: 'GET', url: `/api/invitations/${invitation.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: invitation.id,
        businessName: 'Public Co',
        role: 'team_leader',
        email,
        status: 'pending',
      });
      const unknown = await t.app.inject({
        method: 'GET',
        url: `/api/invitations/${crypto.randomUUID()}`,
      });
      expect(unknown.statusCode).toBe(404);
      const bad = await t.app.inject({ method: 'GET', url: '/api/invitations/abc' });
      expect(bad.statusCode).toBe(400);
    });

    it('when a signed-in user with the invited e-mail accepts, then they join with the role, their hand-made employee record is linked, onboarding is done and the session switches', async () => {
      const owner = await signedInUser(t.app, { accountName: 'Join Co' });
      const invitee = await signedInUser(t.app, { firstName: 'Jo', lastName: 'Joiner' });
      const staff = (
        await asUser(t.app, owner, {
          method: 'POST',
          url: '/api/team/employees',
          payload: { firstName: 'Jo', lastName: 'J.', email: invitee.email, payRateCents: 1900 },
        })
      ).json();
      const invitation = (await invite(t, owner, invitee.email, 'team_leader')).json();

      const res = await asUser(t.app, invitee, {
        method: 'POST',
        url: `/api/invitations/${invitation.id}/accept`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        accountId: owner.accountId,
        businessName: 'Join Co',
        role: 'team_leader',
      });
      const me = (await asUser(t.app, invitee, { method: 'GET', url: '/api/me' })).json();
      expect(me).toMatchObject({ activeAccountId: owner.accountId, role: 'team_leader' });
      const [linked] = await t.app.db.select().from(employees).where(eq(employees.id, staff.id));
      expect(linked).toMatchObject({ userId: invitee.userId, payRateCents: 1900 });
      const rows = await t.app.db
        .select()
        .from(employees)
        .where(eq(employees.accountId, owner.accountId));
      expect(rows).toHaveLength(2);
      const [user] = await t.app.db.select().from(users).where(eq(users.id, invitee.userId));
      expect(user).toMatchObject({ onboardingComplete: true, onboardingStepCompleted: 3 });
      const [stored] = await t.app.db
        .select()
        .from(accountInvitations)
        .where(eq(accountInvitations.id, invitation.id));
      expect(stored?.status).toBe('accepted');

      // A sign-in on a new device starts in the business they joined, not their own.
      const elsewhere = { cookie: await signIn(t.app, invitee.email, 'correct-horse-battery') };
      const there = (await asUser(t.app, elsewhere, { method: 'GET', url: '/api/me' })).json();
      expect(there).toMatchObject({ activeAccountId: owner.accountId, role: 'team_leader' });
      expect(there.accounts).toHaveLength(2);

      const again = await asUser(t.app, invitee, {
        method: 'POST',
        url: `/api/invitations/${invitation.id}/accept`,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This invitation has already been accepted.');
    });

    it('when the signed-in e-mail is not the invited one, then it answers 403 and nothing changes', async () => {
      const owner = await signedInUser(t.app);
      const someoneElse = await signedInUser(t.app);
      const email = `right-${Date.now()}@example.test`;
      const invitation = (await invite(t, owner, email)).json();
      const res = await asUser(t.app, someoneElse, {
        method: 'POST',
        url: `/api/invitations/${invitation.id}/accept`,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        `This invitation was sent to ${email}. Sign in with that e-mail address to accept it.`,
      );
      const members = await t.app.db
        .select()
        .from(accountMembers)
        .where(eq(accountMembers.organizationId, owner.accountId));
      expect(members).toHaveLength(1);
    });

    it('when the invitation has expired, then accepting and signing up answer 409', async () => {
      const owner = await signedInUser(t.app, { accountName: 'Late Co' });
      const invitee = await signedInUser(t.app);
      const invitation = (await invite(t, owner, invitee.email)).json();
      await t.app.db
        .update(accountInvitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(accountInvitations.id, invitation.id));
      const res = await asUser(t.app, invitee, {
        method: 'POST',
        url: `/api/invitations/${invitation.id}/accept`,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'This invitation has expired. Ask Late Co to send you a new one.',
      );
      const signUp = await t.app.inject({
        method: 'POST',
        url: `/api/invitations/${invitation.id}/sign-up`,
        headers: { origin: TEST_ORIGIN },
        payload: { firstName: 'A', lastName: 'B', password: 'correct-horse-battery' },
      });
      expect(signUp.statusCode).toBe(409);
      const view = await t.app.inject({ method: 'GET', url: `/api/invitations/${invitation.id}` });
      expect(view.json().status).toBe('expired');
    });

    it('when a newcomer signs up from the link, then they are signed in, verified and in the business only, with no confirmation mail', async () => {
      const owner = await signedInUser(t.app, { accountName: 'Welcome Co' });
      const email = `fresh-${Date.now()}@example.test`;
      const invitation = (await invite(t, owner, email, 'team_member')).json();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/invitations/${invitation.id}/sign-up`,
        headers: { origin: TEST_ORIGIN },
        payload: { firstName: 'Fay', lastName: 'Fresh', password: 'correct-horse-battery' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        accountId: owner.accountId,
        businessName: 'Welcome Co',
        role: 'team_member',
      });
      const cookie = sessionCookie(res);
      const me = (await asUser(t.app, { cookie }, { method: 'GET', url: '/api/me' })).json();
      expect(me).toMatchObject({
        user: { email, firstName: 'Fay', lastName: 'Fresh' },
        activeAccountId: owner.accountId,
        role: 'team_member',
      });
      expect(me.accounts.map((a: { account_id: string }) => a.account_id)).toEqual([
        owner.accountId,
      ]);
      const [user] = await t.app.db.select().from(users).where(eq(users.email, email));
      expect(user).toMatchObject({
        emailVerified: true,
        onboardingComplete: true,
        onboardingStepCompleted: 3,
        // Every later sign-in, on any device, starts in the business they joined.
        lastAccountId: owner.accountId,
      });
      const [employee] = await t.app.db
        .select()
        .from(employees)
        .where(eq(employees.userId, user!.id));
      expect(employee).toMatchObject({
        accountId: owner.accountId,
        firstName: 'Fay',
        lastName: 'Fresh',
        email,
      });
      const owned = await t.app.db
        .select()
        .from(businessAccounts)
        .innerJoin(accountMembers, eq(accountMembers.organizationId, businessAccounts.id))
        .where(eq(accountMembers.userId, user!.id));
      expect(owned).toHaveLength(1);
      const session = await t.app.db.select().from(sessions).where(eq(sessions.userId, user!.id));
      expect(session[0]?.activeOrganizationId).toBe(owner.accountId);
      const mails = await t.app.db
        .select({ kind: mailMessages.kind })
        .from(mailMessages)
        .where(eq(mailMessages.toAddress, email));
      expect(mails).toEqual([{ kind: 'team-invitation' }]);
      // The password works for a later sign-in too.
      await expect(signIn(t.app, email, 'correct-horse-battery')).resolves.toContain(
        'crewdesk.session_token=',
      );
    });

    it('when the address already has an account, the password is weak or a name is missing, then sign-up is refused with the reason', async () => {
      const owner = await signedInUser(t.app);
      const existing = await signedInUser(t.app);
      const taken = (await invite(t, owner, existing.email)).json();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/invitations/${taken.id}/sign-up`,
        headers: { origin: TEST_ORIGIN },
        payload: { firstName: 'A', lastName: 'B', password: 'correct-horse-battery' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'An account with this e-mail address already exists. Sign in to accept the invitation.',
      );

      const email = `weak-${Date.now()}@example.test`;
      const invitation = (await invite(t, owner, email)).json();
      const weak = await t.app.inject({
        method: 'POST',
        url: `/api/invitations/${invitation.id}/sign-up`,
        headers: { origin: TEST_ORIGIN },
        payload: { firstName: 'A', lastName: 'B', password: 'password' },
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().code).toBe('weak_password');
      expect(weak.json().reasons.length).toBeGreaterThan(0);
      const ownEmail = await t.app.inject({
        method: 'POST',
        url: `/api/invitations/${invitation.id}/sign-up`,
        headers: { origin: TEST_ORIGIN },
        payload: { firstName: 'A', lastName: 'B', password: email },
      });
      expect(ownEmail.statusCode).toBe(400);
      expect(ownEmail.json()).toMatchObject({
        code: 'weak_password',
        reasons: expect.arrayContaining([
          'This password is too easy to guess.',
          'It contains your own name, e-mail address, phone number or business name.',
        ]),
      });
      const noName = await t.app.inject({
        method: 'POST',
        url: `/api/invitations/${invitation.id}/sign-up`,
        headers: { origin: TEST_ORIGIN },
        payload: { lastName: 'B', password: 'correct-horse-battery' },
      });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().message).toBe('firstName: First name is required.');
      expect(await t.app.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    });
  });
});

describe('invitation mail over SMTP', () => {
  let t: TestAppWithInbox;
  beforeAll(async () => {
    t = await createTestAppWithInbox();
  });
  afterAll(() => t.close());

  it('when an owner invites someone, then the mail arrives from the business with a link that lets them sign up and join', async () => {
    const owner = await signedInUser(t.app, { accountName: 'Smtp Sparkle', firstName: 'Sam' });
    const email = `smtp-${Date.now()}@example.test`;
    expect((await invite(t, owner, email, 'team_member')).statusCode).toBe(201);

    const mail = await t.inbox.waitFor((m) => JSON.stringify(m.to).includes(email));
    expect(mail.from?.value[0]).toEqual({
      name: 'Smtp Sparkle',
      address: 'no-reply@crewdesk.test',
    });
    expect(mail.subject).toBe('Sam invited you to join Smtp Sparkle on Crewdesk');
    const link = /(http:\/\/localhost:3000\/accept-invitation\?id=[\w-]+)/.exec(
      mail.text ?? '',
    )?.[1];
    expect(link).toBeDefined();
    expect(mail.html).toContain(link);

    const id = new URL(link!).searchParams.get('id');
    const view = await t.app.inject({ method: 'GET', url: `/api/invitations/${id}` });
    expect(view.json()).toMatchObject({ businessName: 'Smtp Sparkle', email, status: 'pending' });
    const signUp = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${id}/sign-up`,
      headers: { origin: TEST_ORIGIN },
      payload: { firstName: 'Mia', lastName: 'Mail', password: 'correct-horse-battery' },
    });
    expect(signUp.statusCode).toBe(200);
    const me = (
      await asUser(t.app, { cookie: sessionCookie(signUp) }, { method: 'GET', url: '/api/me' })
    ).json();
    expect(me).toMatchObject({ activeAccountId: owner.accountId, role: 'team_member' });
    const team = (await asUser(t.app, owner, { method: 'GET', url: '/api/team/employees' })).json();
    expect(team.items.map((e: { firstName: string }) => e.firstName)).toEqual(['Mia', 'Sam']);
  });
});
