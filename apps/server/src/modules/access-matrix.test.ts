import {
  BUSINESS_ADMIN_ROLES,
  BUSINESS_MANAGER_ROLES,
  CLIENT_HUB_STAFF_ROLES,
  INVOICES_ROUTE_ROLES,
  JOB_DISPATCH_ROLES,
  JOBS_ROUTE_ROLES,
  MAP_ROUTE_ROLES,
  CUSTOMERS_ROUTE_ROLES,
  HOME_MONEY_ROLES,
  HOME_OFFICE_ROLES,
  REPORT_SCHEDULE_ROLES,
  REPORTS_ROUTE_ROLES,
  INSPECTIONS_ROUTE_ROLES,
  INVENTORY_ROUTE_ROLES,
  SALES_MANAGER_ROLES,
  SALES_ROUTE_ROLES,
  PICKER_ROLES,
  PROPOSALS_ROUTE_ROLES,
  REQUESTS_ROUTE_ROLES,
  TEAM_MANAGEMENT_ROLES,
  PROOF_LINK_ROLES,
  PROOF_SETTINGS_ROLES,
  VAULT_ADMIN_ROLES,
  VAULT_CREW_ROLES,
} from '@crewdesk/domain';
import { and, eq } from 'drizzle-orm';
import {
  customers,
  employees,
  invoicePayments,
  invoices,
  jobAssignees,
  jobChecklistItems,
  jobPhotos,
  jobs,
  requests,
} from '../db/schema/index.ts';
import { PNG } from '../../test/images.ts';
import { invoiceBody } from '../../test/invoices.ts';
import { jobBody } from '../../test/jobs.ts';
import { afterAll, beforeAll, describe } from 'vitest';
import { describeRoleMatrix } from '../../test/access-matrix.ts';
import { createTestApp, type SignedInUser, type TestApp } from '../../test/build-app.ts';

/** Spec section 6: /time-tracking is for admins, managers, team leaders and team members. */
const TIME_ROLES = [...BUSINESS_MANAGER_ROLES, 'team_leader', 'team_member'] as const;

// Every endpoint that needs a session, with the roles that may call it. Add new endpoints here.
describe('roles × endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The employee record of the user in their own account (made with the account). */
  async function ownEmployeeId(u: SignedInUser): Promise<string> {
    const [row] = await t.app.db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.accountId, u.accountId), eq(employees.userId, u.userId)));
    if (!row) throw new Error('the user has no employee record');
    return row.id;
  }

  /** A contact in the user's own account (stored directly: creating one is itself checked). */
  async function ownContactId(u: SignedInUser): Promise<string> {
    const [row] = await t.app.db
      .insert(customers)
      .values({ accountId: u.accountId, firstName: 'Matrix', lastName: 'Client' })
      .returning({ id: customers.id });
    return row!.id;
  }

  /** A request in the user's own account (stored directly); a proposal when asked. */
  async function ownRequestId(u: SignedInUser, proposal = false): Promise<string> {
    return (await ownRequest(u, proposal)).id;
  }

  async function ownRequest(u: SignedInUser, proposal = false) {
    const [row] = await t.app.db
      .insert(requests)
      .values({
        accountId: u.accountId,
        title: 'Matrix request',
        client: 'Matrix Client',
        amountCents: 9500,
        date: '2026-01-01',
        type: proposal ? 'quote' : 'estimate',
        proposalType: proposal ? 'standard' : null,
        details: { propertyType: 'residential', squareFootage: 1000, frequency: 'one-time' },
        expiresAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
      })
      .returning({ id: requests.id });
    return { id: row!.id, shareToken: t.app.shares.token('estimate', row!.id, 1) };
  }

  /** A visit in the user's own account, assigned to the user, with a checklist item and a photo. */
  // Far above what the counter hands out to the invoices the endpoints themselves create.
  let invoiceNumber = 1_000_000;
  /** An invoice of the user's own business, written straight to the table (with one payment). */
  async function ownInvoice(u: SignedInUser) {
    invoiceNumber += 1;
    const [invoice] = await t.app.db
      .insert(invoices)
      .values({
        accountId: u.accountId,
        number: invoiceNumber,
        numberText: `M-${invoiceNumber}`,
        clientName: 'Matrix client',
        issueDate: '2026-11-20',
        paymentTerms: 'net_30',
        dueDate: '2026-12-20',
        lineItems: [{ description: 'Clean', quantity: 1, unitPriceCents: 10000, taxable: true }],
        subtotalCents: 10000,
        discountCents: 0,
        taxCents: 0,
        totalCents: 10000,
        amountPaidCents: 100,
        balanceCents: 9900,
        status: 'partially_paid',
      })
      .returning({ id: invoices.id, version: invoices.version });
    const [payment] = await t.app.db
      .insert(invoicePayments)
      .values({
        accountId: u.accountId,
        invoiceId: invoice!.id,
        method: 'cash',
        amountCents: 100,
        paidOn: '2026-11-20',
      })
      .returning({ id: invoicePayments.id });
    return { ...invoice!, paymentId: payment!.id };
  }

  async function ownCompletedJob(u: SignedInUser) {
    const [job] = await t.app.db
      .insert(jobs)
      .values({
        accountId: u.accountId,
        title: 'Matrix finished visit',
        location: '1 Main St',
        status: 'completed',
        completedAt: new Date(),
      })
      .returning({ id: jobs.id });
    return job!;
  }

  const idempotent = () => ({ 'idempotency-key': crypto.randomUUID() });

  async function ownJob(u: SignedInUser) {
    const [job] = await t.app.db
      .insert(jobs)
      .values({
        accountId: u.accountId,
        title: 'Matrix visit',
        location: '1 Main St',
        startsAt: new Date('2026-12-01T15:00:00Z'),
      })
      .returning({ id: jobs.id, version: jobs.version });
    await t.app.db
      .insert(jobAssignees)
      .values({ accountId: u.accountId, jobId: job!.id, employeeId: await ownEmployeeId(u) });
    const [item] = await t.app.db
      .insert(jobChecklistItems)
      .values({ accountId: u.accountId, jobId: job!.id, label: 'Floors', position: 0 })
      .returning({ id: jobChecklistItems.id });
    const [photo] = await t.app.db
      .insert(jobPhotos)
      .values({
        accountId: u.accountId,
        jobId: job!.id,
        fileName: 'missing.jpg',
        contentType: 'image/jpeg',
        width: 1,
        height: 1,
        uploadedBy: u.userId,
      })
      .returning({ id: jobPhotos.id });
    return { id: job!.id, version: job!.version, itemId: item!.id, photoId: photo!.id };
  }

  /** The send-estimate-email payload for a request of the user's own account. */
  async function sendPayload(u: SignedInUser, proposal = false) {
    const row = await ownRequest(u, proposal);
    return {
      recipientEmail: 'matrix@example.test',
      estimateId: row.id,
      clientName: 'Matrix Client',
      shareToken: row.shareToken,
      amount: 95,
      expirationDate: '2026-01-31',
      isQuote: proposal,
    };
  }

  const requestBody = {
    propertyType: 'residential',
    squareFootage: 1000,
    numberOfRooms: 1,
    numberOfBathrooms: 1,
    frequency: 'one-time',
    clientName: 'Matrix Client',
    type: 'estimate',
  };

  const contactBody = {
    firstName: 'Matrix',
    lastName: 'Client',
    email: 'matrix@example.test',
    phone: '5125550100',
  };

  describeRoleMatrix(
    () => t.app,
    [
      {
        name: 'GET /api/me',
        roles: 'any-signed-in',
        request: () => ({ method: 'GET', url: '/api/me' }),
      },
      {
        name: 'GET /api/accounts',
        roles: 'any-signed-in',
        request: () => ({ method: 'GET', url: '/api/accounts' }),
      },
      {
        name: 'GET /api/me/business-id',
        roles: 'any-signed-in',
        request: () => ({ method: 'GET', url: '/api/me/business-id' }),
      },
      {
        name: 'GET /api/accounts/current/members/:userId',
        roles: 'any-signed-in',
        request: (u) => ({ method: 'GET', url: `/api/accounts/current/members/${u.userId}` }),
      },
      {
        name: 'GET /api/accounts/:id',
        roles: 'any-signed-in',
        request: (u) => ({ method: 'GET', url: `/api/accounts/${u.accountId}` }),
      },
      {
        name: 'PUT /api/me/active-account',
        roles: 'any-signed-in',
        request: (u) => ({
          method: 'PUT',
          url: '/api/me/active-account',
          payload: { accountId: u.accountId },
        }),
      },
      {
        name: 'POST /api/accounts',
        roles: 'any-signed-in',
        request: () => ({ method: 'POST', url: '/api/accounts', payload: { name: 'Matrix Team' } }),
      },
      {
        name: 'PATCH /api/accounts/current',
        roles: BUSINESS_ADMIN_ROLES,
        request: () => ({
          method: 'PATCH',
          url: '/api/accounts/current',
          payload: { name: 'Renamed' },
        }),
      },
      {
        name: 'GET /api/business-profile',
        roles: 'any-signed-in',
        request: () => ({ method: 'GET', url: '/api/business-profile' }),
      },
      {
        name: 'PUT /api/business-profile',
        roles: BUSINESS_ADMIN_ROLES,
        request: () => ({
          method: 'PUT',
          url: '/api/business-profile',
          payload: { businessName: 'Matrix Co' },
        }),
      },
      {
        name: 'PUT /api/business-profile/time-zone',
        roles: BUSINESS_ADMIN_ROLES,
        request: () => ({
          method: 'PUT',
          url: '/api/business-profile/time-zone',
          payload: { timeZone: 'America/Chicago' },
        }),
      },
      {
        name: 'PUT /api/business-profile/logo',
        roles: BUSINESS_ADMIN_ROLES,
        request: () => ({
          method: 'PUT',
          url: '/api/business-profile/logo',
          headers: { 'content-type': 'image/jpeg' },
          payload: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
        }),
      },
      {
        name: 'DELETE /api/business-profile/logo',
        roles: BUSINESS_ADMIN_ROLES,
        request: () => ({ method: 'DELETE', url: '/api/business-profile/logo' }),
      },
      {
        // A file of the user's own business (missing here: 404, never 403).
        name: 'GET /api/logos/:file',
        roles: 'any-signed-in',
        request: (u) => ({
          method: 'GET',
          url: `/api/logos/${u.accountId}-${crypto.randomUUID()}.png`,
        }),
      },
      {
        name: 'GET /api/plan',
        roles: 'any-signed-in',
        request: () => ({ method: 'GET', url: '/api/plan' }),
      },
      {
        name: 'PUT /api/me/avatar',
        roles: 'any-signed-in',
        request: () => ({
          method: 'PUT',
          url: '/api/me/avatar',
          headers: { 'content-type': 'image/jpeg' },
          payload: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
        }),
      },
      {
        name: 'DELETE /api/me/avatar',
        roles: 'any-signed-in',
        request: () => ({ method: 'DELETE', url: '/api/me/avatar' }),
      },
      {
        name: 'GET /api/onboarding',
        roles: 'any-signed-in',
        request: () => ({ method: 'GET', url: '/api/onboarding' }),
      },
      {
        name: 'PUT /api/onboarding/profile',
        roles: 'any-signed-in',
        request: () => ({
          method: 'PUT',
          url: '/api/onboarding/profile',
          payload: { firstName: 'Matrix', lastName: 'Person' },
        }),
      },
      {
        name: 'PUT /api/onboarding/business',
        roles: 'any-signed-in',
        request: () => ({
          method: 'PUT',
          url: '/api/onboarding/business',
          payload: { businessName: 'Matrix Business' },
        }),
      },
      {
        name: 'POST /api/onboarding/complete',
        roles: 'any-signed-in',
        request: () => ({
          method: 'POST',
          url: '/api/onboarding/complete',
          payload: { plan: 'Free' },
        }),
      },
      {
        name: 'GET /api/team/employees',
        roles: TEAM_MANAGEMENT_ROLES,
        request: () => ({ method: 'GET', url: '/api/team/employees' }),
      },
      {
        name: 'GET /api/team/employees/options',
        roles: PICKER_ROLES,
        request: () => ({ method: 'GET', url: '/api/team/employees/options' }),
      },
      {
        name: 'GET /api/locations/suggest',
        roles: PICKER_ROLES,
        request: () => ({ method: 'GET', url: '/api/locations/suggest?q=62701' }),
      },
      {
        name: 'GET /api/locations/retrieve/:id',
        roles: PICKER_ROLES,
        request: () => ({ method: 'GET', url: '/api/locations/retrieve/zip:62701' }),
      },
      {
        name: 'POST /api/team/employees',
        roles: TEAM_MANAGEMENT_ROLES,
        request: () => ({
          method: 'POST',
          url: '/api/team/employees',
          payload: { firstName: 'Matrix', lastName: 'Staff' },
        }),
      },
      {
        name: 'GET /api/team/employees/:id',
        roles: TEAM_MANAGEMENT_ROLES,
        request: async (u) => ({
          method: 'GET',
          url: `/api/team/employees/${await ownEmployeeId(u)}`,
        }),
      },
      {
        name: 'PATCH /api/team/employees/:id',
        roles: BUSINESS_ADMIN_ROLES,
        request: async (u) => ({
          method: 'PATCH',
          url: `/api/team/employees/${await ownEmployeeId(u)}`,
          payload: { phone: '555 0100 200' },
        }),
      },
      {
        name: 'GET /api/team/invitations',
        roles: TEAM_MANAGEMENT_ROLES,
        request: () => ({ method: 'GET', url: '/api/team/invitations' }),
      },
      {
        name: 'POST /api/team/invitations',
        roles: TEAM_MANAGEMENT_ROLES,
        request: () => ({
          method: 'POST',
          url: '/api/team/invitations',
          payload: { email: `matrix-${crypto.randomUUID()}@example.test`, role: 'team_member' },
        }),
      },
      {
        name: 'DELETE /api/team/invitations/:id',
        roles: TEAM_MANAGEMENT_ROLES,
        request: () => ({ method: 'DELETE', url: `/api/team/invitations/${crypto.randomUUID()}` }),
      },
      {
        name: 'PATCH /api/team/members/:userId',
        roles: BUSINESS_ADMIN_ROLES,
        request: () => ({
          method: 'PATCH',
          url: `/api/team/members/${crypto.randomUUID()}`,
          payload: { role: 'team_leader' },
        }),
      },
      {
        name: 'POST /api/team/members/:userId/deactivate',
        roles: BUSINESS_ADMIN_ROLES,
        request: () => ({
          method: 'POST',
          url: `/api/team/members/${crypto.randomUUID()}/deactivate`,
        }),
      },
      {
        name: 'POST /api/team/members/:userId/reactivate',
        roles: BUSINESS_ADMIN_ROLES,
        request: () => ({
          method: 'POST',
          url: `/api/team/members/${crypto.randomUUID()}/reactivate`,
        }),
      },
      {
        name: 'POST /api/invitations/:id/accept',
        roles: 'any-signed-in',
        request: () => ({
          method: 'POST',
          url: `/api/invitations/${crypto.randomUUID()}/accept`,
        }),
      },
      {
        name: 'GET /api/mail/outbox',
        roles: BUSINESS_ADMIN_ROLES,
        request: () => ({ method: 'GET', url: '/api/mail/outbox' }),
      },
      {
        name: 'GET /api/customers',
        roles: CUSTOMERS_ROUTE_ROLES,
        request: () => ({ method: 'GET', url: '/api/customers' }),
      },
      {
        name: 'GET /api/customers/search',
        roles: PICKER_ROLES,
        request: () => ({ method: 'GET', url: '/api/customers/search?q=ma' }),
      },
      {
        name: 'GET /api/customers/recent',
        roles: PICKER_ROLES,
        request: () => ({ method: 'GET', url: '/api/customers/recent' }),
      },
      {
        name: 'POST /api/customers',
        roles: PICKER_ROLES,
        request: () => ({ method: 'POST', url: '/api/customers', payload: contactBody }),
      },
      {
        name: 'GET /api/customers/:id',
        roles: PICKER_ROLES,
        request: async (u) => ({ method: 'GET', url: `/api/customers/${await ownContactId(u)}` }),
      },
      {
        name: 'PUT /api/customers/:id',
        roles: CUSTOMERS_ROUTE_ROLES,
        request: async (u) => ({
          method: 'PUT',
          url: `/api/customers/${await ownContactId(u)}`,
          payload: contactBody,
        }),
      },
      {
        name: 'DELETE /api/customers/:id',
        roles: CUSTOMERS_ROUTE_ROLES,
        request: async (u) => ({
          method: 'DELETE',
          url: `/api/customers/${await ownContactId(u)}`,
        }),
      },
      {
        name: 'GET /api/customers/export',
        roles: CUSTOMERS_ROUTE_ROLES,
        request: () => ({ method: 'GET', url: '/api/customers/export' }),
      },
      {
        name: 'POST /api/customers/import/preview',
        roles: CUSTOMERS_ROUTE_ROLES,
        request: () => ({
          method: 'POST',
          url: '/api/customers/import/preview',
          payload: { csv: 'First Name\nMatrix' },
        }),
      },
      {
        name: 'POST /api/customers/import',
        roles: CUSTOMERS_ROUTE_ROLES,
        request: () => ({
          method: 'POST',
          url: '/api/customers/import',
          payload: {
            csv: 'First Name,Last Name,Email,Phone\nMatrix,Client,m@example.test,5125550100',
            mapping: {
              firstName: 'First Name',
              lastName: 'Last Name',
              email: 'Email',
              phone: 'Phone',
            },
            mode: 'all-or-nothing',
            dryRun: true,
          },
        }),
      },
      {
        name: 'GET /api/requests',
        roles: REQUESTS_ROUTE_ROLES,
        request: () => ({ method: 'GET', url: '/api/requests?category=estimates' }),
      },
      {
        name: 'GET /api/requests?category=proposals',
        roles: PROPOSALS_ROUTE_ROLES,
        request: () => ({ method: 'GET', url: '/api/requests?category=proposals' }),
      },
      {
        name: 'POST /api/requests',
        roles: REQUESTS_ROUTE_ROLES,
        request: () => ({ method: 'POST', url: '/api/requests', payload: requestBody }),
      },
      {
        name: 'POST /api/requests (proposal)',
        roles: PROPOSALS_ROUTE_ROLES,
        request: () => ({
          method: 'POST',
          url: '/api/requests',
          payload: { ...requestBody, type: 'quote', proposal_type: 'standard' },
        }),
      },
      {
        name: 'GET /api/requests/:id',
        roles: REQUESTS_ROUTE_ROLES,
        request: async (u) => ({ method: 'GET', url: `/api/requests/${await ownRequestId(u)}` }),
      },
      {
        name: 'GET /api/requests/:id (proposal)',
        roles: PROPOSALS_ROUTE_ROLES,
        request: async (u) => ({
          method: 'GET',
          url: `/api/requests/${await ownRequestId(u, true)}`,
        }),
      },
      {
        name: 'PUT /api/requests/:id',
        roles: REQUESTS_ROUTE_ROLES,
        request: async (u) => ({
          method: 'PUT',
          url: `/api/requests/${await ownRequestId(u)}`,
          payload: requestBody,
        }),
      },
      {
        name: 'DELETE /api/requests/:id',
        roles: REQUESTS_ROUTE_ROLES,
        request: async (u) => ({
          method: 'DELETE',
          url: `/api/requests/${await ownRequestId(u)}`,
        }),
      },
      {
        name: 'POST /api/requests/:id/duplicate',
        roles: REQUESTS_ROUTE_ROLES,
        request: async (u) => ({
          method: 'POST',
          url: `/api/requests/${await ownRequestId(u)}/duplicate`,
        }),
      },
      {
        name: 'POST /api/requests/:id/duplicate (proposal)',
        roles: PROPOSALS_ROUTE_ROLES,
        request: async (u) => ({
          method: 'POST',
          url: `/api/requests/${await ownRequestId(u, true)}/duplicate`,
        }),
      },
      {
        name: 'GET /api/requests/:id/pdf',
        roles: REQUESTS_ROUTE_ROLES,
        request: async (u) => ({
          method: 'GET',
          url: `/api/requests/${await ownRequestId(u)}/pdf`,
        }),
      },
      {
        name: 'GET /api/requests/:id/pdf (proposal)',
        roles: PROPOSALS_ROUTE_ROLES,
        request: async (u) => ({
          method: 'GET',
          url: `/api/requests/${await ownRequestId(u, true)}/pdf`,
        }),
      },
      {
        // No SMTP here: allowed roles get 200 with sent false.
        name: 'POST /api/functions/send-estimate-email',
        roles: REQUESTS_ROUTE_ROLES,
        request: async (u) => ({
          method: 'POST',
          url: '/api/functions/send-estimate-email',
          payload: await sendPayload(u),
        }),
      },
      {
        name: 'POST /api/functions/send-estimate-email (proposal)',
        roles: PROPOSALS_ROUTE_ROLES,
        request: async (u) => ({
          method: 'POST',
          url: '/api/functions/send-estimate-email',
          payload: await sendPayload(u, true),
        }),
      },
      {
        name: 'GET /api/jobs',
        sharedUser: true,
        roles: JOBS_ROUTE_ROLES,
        request: () => ({ method: 'GET', url: '/api/jobs' }),
      },
      {
        name: 'POST /api/jobs',
        sharedUser: true,
        roles: JOB_DISPATCH_ROLES,
        request: () => ({ method: 'POST', url: '/api/jobs', payload: jobBody() }),
      },
      {
        name: 'GET /api/jobs/:id',
        sharedUser: true,
        roles: JOBS_ROUTE_ROLES,
        request: async (u) => ({ method: 'GET', url: `/api/jobs/${(await ownJob(u)).id}` }),
      },
      {
        name: 'PUT /api/jobs/:id',
        sharedUser: true,
        roles: JOB_DISPATCH_ROLES,
        request: async (u) => ({
          method: 'PUT',
          url: `/api/jobs/${(await ownJob(u)).id}`,
          payload: jobBody(),
        }),
      },
      {
        name: 'DELETE /api/jobs/:id',
        sharedUser: true,
        roles: JOB_DISPATCH_ROLES,
        request: async (u) => ({ method: 'DELETE', url: `/api/jobs/${(await ownJob(u)).id}` }),
      },
      {
        name: 'POST /api/jobs/:id/status',
        sharedUser: true,
        roles: JOBS_ROUTE_ROLES,
        request: async (u) => ({
          method: 'POST',
          url: `/api/jobs/${(await ownJob(u)).id}/status`,
          payload: { status: 'on_the_way' },
        }),
      },
      {
        name: 'POST /api/jobs/:id/checklist',
        sharedUser: true,
        roles: JOBS_ROUTE_ROLES,
        request: async (u) => ({
          method: 'POST',
          url: `/api/jobs/${(await ownJob(u)).id}/checklist`,
          payload: { label: 'Windows' },
        }),
      },
      {
        name: 'PATCH /api/jobs/:id/checklist/:itemId',
        sharedUser: true,
        roles: JOBS_ROUTE_ROLES,
        request: async (u) => {
          const job = await ownJob(u);
          return {
            method: 'PATCH',
            url: `/api/jobs/${job.id}/checklist/${job.itemId}`,
            payload: { done: true },
          };
        },
      },
      {
        name: 'DELETE /api/jobs/:id/checklist/:itemId',
        sharedUser: true,
        roles: JOB_DISPATCH_ROLES,
        request: async (u) => {
          const job = await ownJob(u);
          return { method: 'DELETE', url: `/api/jobs/${job.id}/checklist/${job.itemId}` };
        },
      },
      {
        name: 'POST /api/jobs/:id/notes',
        sharedUser: true,
        roles: JOBS_ROUTE_ROLES,
        request: async (u) => ({
          method: 'POST',
          url: `/api/jobs/${(await ownJob(u)).id}/notes`,
          payload: { text: 'Arrived' },
        }),
      },
      {
        name: 'POST /api/jobs/:id/photos',
        sharedUser: true,
        roles: JOBS_ROUTE_ROLES,
        request: async (u) => ({
          method: 'POST',
          url: `/api/jobs/${(await ownJob(u)).id}/photos`,
          headers: { 'content-type': 'image/png' },
          payload: PNG,
        }),
      },
      {
        // The stored file is missing here: allowed roles get 404, not 403.
        name: 'GET /api/jobs/:id/photos/:photoId',
        sharedUser: true,
        roles: JOBS_ROUTE_ROLES,
        request: async (u) => {
          const job = await ownJob(u);
          return { method: 'GET', url: `/api/jobs/${job.id}/photos/${job.photoId}` };
        },
      },
      {
        name: 'DELETE /api/jobs/:id/photos/:photoId (own photo)',
        sharedUser: true,
        roles: JOBS_ROUTE_ROLES,
        request: async (u) => {
          const job = await ownJob(u);
          return { method: 'DELETE', url: `/api/jobs/${job.id}/photos/${job.photoId}` };
        },
      },
      {
        // A one-off visit: allowed roles get 400 (not a series), the others 403.
        name: 'POST /api/jobs/:id/skip',
        sharedUser: true,
        roles: JOB_DISPATCH_ROLES,
        request: async (u) => ({ method: 'POST', url: `/api/jobs/${(await ownJob(u)).id}/skip` }),
      },
      {
        name: 'POST /api/jobs/:id/end-series',
        sharedUser: true,
        roles: JOB_DISPATCH_ROLES,
        request: async (u) => ({
          method: 'POST',
          url: `/api/jobs/${(await ownJob(u)).id}/end-series`,
        }),
      },
      {
        name: 'PATCH /api/jobs/:id/schedule',
        sharedUser: true,
        roles: JOB_DISPATCH_ROLES,
        request: async (u) => {
          const job = await ownJob(u);
          return {
            method: 'PATCH',
            url: `/api/jobs/${job.id}/schedule`,
            payload: { startsAt: '2026-12-02T10:00:00', version: job.version },
          };
        },
      },
      {
        // Not accepted: allowed roles get 409.
        name: 'POST /api/requests/:id/schedule-job',
        sharedUser: true,
        roles: JOB_DISPATCH_ROLES,
        request: async (u) => ({
          method: 'POST',
          url: `/api/requests/${await ownRequestId(u)}/schedule-job`,
        }),
      },
      {
        name: 'GET /api/schedule',
        sharedUser: true,
        roles: JOBS_ROUTE_ROLES,
        request: () => ({ method: 'GET', url: '/api/schedule?from=2026-11-30&to=2026-12-06' }),
      },
      {
        name: 'GET /api/my-visits',
        sharedUser: true,
        roles: JOBS_ROUTE_ROLES,
        request: () => ({ method: 'GET', url: '/api/my-visits' }),
      },
      {
        name: 'GET /api/field/visits',
        sharedUser: true,
        roles: JOBS_ROUTE_ROLES,
        request: () => ({ method: 'GET', url: '/api/field/visits' }),
      },
      {
        // A visit nobody has: allowed roles get 200 with the change refused, the others 403.
        name: 'POST /api/field/changes',
        sharedUser: true,
        roles: JOBS_ROUTE_ROLES,
        request: () => ({
          method: 'POST',
          url: '/api/field/changes',
          payload: {
            changes: [
              {
                clientId: crypto.randomUUID(),
                jobId: crypto.randomUUID(),
                madeAt: new Date().toISOString(),
                seenStartsAt: null,
                kind: 'note',
                text: 'Gate was open',
              },
            ],
          },
        }),
      },
      {
        name: 'POST /api/field/photos',
        sharedUser: true,
        roles: JOBS_ROUTE_ROLES,
        request: async (u) => ({
          method: 'POST',
          url: `/api/field/photos?clientId=${crypto.randomUUID()}&jobId=${(await ownJob(u)).id}&madeAt=${encodeURIComponent(new Date().toISOString())}`,
          headers: { 'content-type': 'image/png' },
          payload: PNG,
        }),
      },
      {
        name: 'GET /api/calendar-feed',
        sharedUser: true,
        roles: JOBS_ROUTE_ROLES,
        request: () => ({ method: 'GET', url: '/api/calendar-feed' }),
      },
      {
        name: 'POST /api/calendar-feed',
        sharedUser: true,
        roles: JOBS_ROUTE_ROLES,
        request: () => ({ method: 'POST', url: '/api/calendar-feed' }),
      },
      {
        name: 'DELETE /api/calendar-feed',
        sharedUser: true,
        roles: JOBS_ROUTE_ROLES,
        request: () => ({ method: 'DELETE', url: '/api/calendar-feed' }),
      },
      {
        name: 'GET /api/map-tiles',
        sharedUser: true,
        roles: 'any-signed-in',
        request: () => ({ method: 'GET', url: '/api/map-tiles' }),
      },
      {
        name: 'GET /api/map',
        sharedUser: true,
        roles: MAP_ROUTE_ROLES,
        request: () => ({ method: 'GET', url: '/api/map?date=2026-12-01' }),
      },
      {
        name: 'POST /api/map/route',
        sharedUser: true,
        roles: MAP_ROUTE_ROLES,
        request: async (u) => ({
          method: 'POST',
          url: '/api/map/route',
          payload: { date: '2026-12-01', assigneeId: await ownEmployeeId(u) },
        }),
      },
      {
        name: 'POST /api/map/route/apply',
        sharedUser: true,
        roles: MAP_ROUTE_ROLES,
        request: async (u) => ({
          method: 'POST',
          url: '/api/map/route/apply',
          payload: {
            date: '2026-12-01',
            assigneeId: await ownEmployeeId(u),
            order: [(await ownJob(u)).id],
          },
        }),
      },
      {
        name: 'GET /api/invoices',
        sharedUser: true,
        roles: INVOICES_ROUTE_ROLES,
        request: () => ({ method: 'GET', url: '/api/invoices' }),
      },
      {
        name: 'POST /api/invoices',
        sharedUser: true,
        roles: INVOICES_ROUTE_ROLES,
        request: () => ({ method: 'POST', url: '/api/invoices', payload: invoiceBody() }),
      },
      {
        name: 'GET /api/invoices/:id',
        sharedUser: true,
        roles: INVOICES_ROUTE_ROLES,
        request: async (u) => ({ method: 'GET', url: `/api/invoices/${(await ownInvoice(u)).id}` }),
      },
      {
        name: 'PUT /api/invoices/:id',
        sharedUser: true,
        roles: INVOICES_ROUTE_ROLES,
        request: async (u) => ({
          method: 'PUT',
          url: `/api/invoices/${(await ownInvoice(u)).id}`,
          payload: { version: 1, invoice: invoiceBody() },
        }),
      },
      {
        name: 'POST /api/invoices/:id/void',
        sharedUser: true,
        roles: INVOICES_ROUTE_ROLES,
        request: async (u) => ({
          method: 'POST',
          url: `/api/invoices/${(await ownInvoice(u)).id}/void`,
        }),
      },
      {
        name: 'POST /api/invoices/:id/send',
        sharedUser: true,
        roles: INVOICES_ROUTE_ROLES,
        request: async (u) => ({
          method: 'POST',
          url: `/api/invoices/${(await ownInvoice(u)).id}/send`,
          payload: { to: 'client@example.test' },
        }),
      },
      {
        name: 'GET /api/invoices/:id/pdf',
        sharedUser: true,
        roles: INVOICES_ROUTE_ROLES,
        request: async (u) => ({
          method: 'GET',
          url: `/api/invoices/${(await ownInvoice(u)).id}/pdf`,
        }),
      },
      {
        name: 'POST /api/invoices/:id/payments',
        sharedUser: true,
        roles: INVOICES_ROUTE_ROLES,
        request: async (u) => ({
          method: 'POST',
          url: `/api/invoices/${(await ownInvoice(u)).id}/payments`,
          headers: idempotent(),
          payload: { method: 'cash', amountCents: 500, paidOn: '2026-11-20' },
        }),
      },
      {
        name: 'GET /api/payments',
        sharedUser: true,
        roles: INVOICES_ROUTE_ROLES,
        request: () => ({ method: 'GET', url: '/api/payments' }),
      },
      {
        name: 'GET /api/customers/:id/balance',
        sharedUser: true,
        roles: INVOICES_ROUTE_ROLES,
        request: async (u) => ({
          method: 'GET',
          url: `/api/customers/${await ownContactId(u)}/balance`,
        }),
      },
      {
        name: 'GET /api/customers/:id/client-hub',
        sharedUser: true,
        roles: CLIENT_HUB_STAFF_ROLES,
        request: async (u) => ({
          method: 'GET',
          url: `/api/customers/${await ownContactId(u)}/client-hub`,
        }),
      },
      {
        name: 'POST /api/customers/:id/client-hub/revoke-links',
        sharedUser: true,
        roles: CLIENT_HUB_STAFF_ROLES,
        request: async (u) => ({
          method: 'POST',
          url: `/api/customers/${await ownContactId(u)}/client-hub/revoke-links`,
        }),
      },
      {
        name: 'GET /api/client-hub/settings',
        sharedUser: true,
        roles: CLIENT_HUB_STAFF_ROLES,
        request: () => ({ method: 'GET', url: '/api/client-hub/settings' }),
      },
      {
        name: 'PUT /api/client-hub/settings',
        sharedUser: true,
        roles: CLIENT_HUB_STAFF_ROLES,
        request: () => ({
          method: 'PUT',
          url: '/api/client-hub/settings',
          payload: { linkLifetimeDays: 90 },
        }),
      },
      {
        name: 'GET /api/payments/:id',
        sharedUser: true,
        roles: INVOICES_ROUTE_ROLES,
        request: async (u) => ({
          method: 'GET',
          url: `/api/payments/${(await ownInvoice(u)).paymentId}`,
        }),
      },
      {
        name: 'DELETE /api/payments/:id',
        sharedUser: true,
        roles: INVOICES_ROUTE_ROLES,
        request: async (u) => ({
          method: 'DELETE',
          url: `/api/payments/${(await ownInvoice(u)).paymentId}`,
          headers: idempotent(),
        }),
      },
      {
        name: 'POST /api/payments/:id/refund',
        sharedUser: true,
        roles: INVOICES_ROUTE_ROLES,
        request: async (u) => ({
          method: 'POST',
          url: `/api/payments/${(await ownInvoice(u)).paymentId}/refund`,
          headers: idempotent(),
        }),
      },
      {
        name: 'GET /api/invoice-history',
        sharedUser: true,
        roles: INVOICES_ROUTE_ROLES,
        request: () => ({ method: 'GET', url: '/api/invoice-history' }),
      },
      {
        name: 'GET /api/invoiceable-jobs',
        sharedUser: true,
        roles: INVOICES_ROUTE_ROLES,
        request: () => ({ method: 'GET', url: '/api/invoiceable-jobs' }),
      },
      {
        name: 'POST /api/jobs/:id/invoice',
        sharedUser: true,
        roles: INVOICES_ROUTE_ROLES,
        request: async (u) => ({
          method: 'POST',
          url: `/api/jobs/${(await ownCompletedJob(u)).id}/invoice`,
        }),
      },
      {
        name: 'POST /api/invoices/batch',
        sharedUser: true,
        roles: INVOICES_ROUTE_ROLES,
        request: async (u) => ({
          method: 'POST',
          url: '/api/invoices/batch',
          payload: { jobIds: [(await ownCompletedJob(u)).id] },
        }),
      },
      {
        name: 'POST /api/requests/:id/invoice',
        sharedUser: true,
        roles: INVOICES_ROUTE_ROLES,
        request: async (u) => ({
          method: 'POST',
          url: `/api/requests/${await ownRequestId(u)}/invoice`,
        }),
      },
      {
        name: 'GET /api/invoice-settings',
        sharedUser: true,
        roles: INVOICES_ROUTE_ROLES,
        request: () => ({ method: 'GET', url: '/api/invoice-settings' }),
      },
      {
        name: 'PUT /api/invoice-settings',
        sharedUser: true,
        roles: BUSINESS_MANAGER_ROLES,
        request: () => ({
          method: 'PUT',
          url: '/api/invoice-settings',
          payload: {
            prefix: 'INV-',
            defaultPaymentTerms: 'net_30',
            defaultTaxRateBasisPoints: 0,
            remindersEnabled: true,
            reminderOffsets: [3, 7],
          },
        }),
      },
      // The home's tile groups and the reports (issue 23).
      ...[
        { url: '/api/home/today', roles: HOME_OFFICE_ROLES },
        { url: '/api/home/money', roles: HOME_MONEY_ROLES },
        { url: '/api/home/getting-started', roles: HOME_OFFICE_ROLES },
        { url: '/api/home/my-next-visits', roles: JOBS_ROUTE_ROLES },
        {
          url: '/api/reports/revenue?from=2026-10-01&to=2026-11-30&groupBy=week',
          roles: REPORTS_ROUTE_ROLES,
        },
        {
          url: '/api/reports/revenue/rows?from=2026-10-01&to=2026-11-30&figure=collected',
          roles: REPORTS_ROUTE_ROLES,
        },
        { url: '/api/reports/receivables', roles: REPORTS_ROUTE_ROLES },
        { url: '/api/reports/receivables/rows?bucket=1-30', roles: REPORTS_ROUTE_ROLES },
        ...[
          '/api/reports/quotes?from=2026-10-01&to=2026-11-30',
          '/api/reports/quotes/rows?from=2026-10-01&to=2026-11-30&figure=sent',
          '/api/reports/jobs?from=2026-10-01&to=2026-11-30',
          '/api/reports/jobs/rows?from=2026-10-01&to=2026-11-30',
          '/api/reports/revenue-ahead',
          '/api/reports/revenue-ahead/rows?days=90',
          '/api/reports/team-hours?from=2026-10-01&to=2026-11-30',
          '/api/reports/team-hours/rows?from=2026-10-01&to=2026-11-30',
          '/api/reports/margin?from=2026-10-01&to=2026-11-30',
          '/api/reports/margin/rows?from=2026-10-01&to=2026-11-30',
          '/api/reports/revenue.csv?from=2026-10-01&to=2026-11-30',
          '/api/reports/receivables.csv',
          '/api/reports/quotes.csv?from=2026-10-01&to=2026-11-30',
          '/api/reports/jobs.csv?from=2026-10-01&to=2026-11-30',
          '/api/reports/revenue-ahead.csv',
          '/api/reports/team-hours.csv?from=2026-10-01&to=2026-11-30',
          '/api/reports/margin.csv?from=2026-10-01&to=2026-11-30',
        ].map((url) => ({ url, roles: REPORTS_ROUTE_ROLES })),
        { url: '/api/reports/schedules', roles: REPORT_SCHEDULE_ROLES },
        { url: '/api/home/my-pipeline', roles: SALES_ROUTE_ROLES },
      ].map(({ url, roles }) => ({
        name: `GET ${url.split('?')[0]}`,
        sharedUser: true,
        roles,
        request: () => ({ method: 'GET' as const, url }),
      })),
      // Notifications: every signed-in member has their own (issue 18).
      ...[
        '/api/notifications',
        '/api/notifications/unread-count',
        '/api/notifications/settings',
      ].map((url) => ({
        name: `GET ${url}`,
        sharedUser: true,
        roles: 'any-signed-in' as const,
        request: () => ({ method: 'GET' as const, url }),
      })),
      {
        name: 'POST /api/notifications/read-all',
        sharedUser: true,
        roles: 'any-signed-in',
        request: () => ({ method: 'POST', url: '/api/notifications/read-all' }),
      },
      {
        name: 'PUT /api/notifications/settings',
        sharedUser: true,
        roles: 'any-signed-in',
        request: () => ({
          method: 'PUT',
          url: '/api/notifications/settings',
          payload: { preferences: [], dailyDigest: false },
        }),
      },
      {
        name: 'GET /api/push/config',
        sharedUser: true,
        roles: 'any-signed-in',
        request: () => ({ method: 'GET', url: '/api/push/config' }),
      },
      {
        name: 'GET /api/notifications/defaults',
        sharedUser: true,
        roles: BUSINESS_ADMIN_ROLES,
        request: () => ({ method: 'GET', url: '/api/notifications/defaults' }),
      },
      {
        name: 'PUT /api/notifications/defaults',
        sharedUser: true,
        roles: BUSINESS_ADMIN_ROLES,
        request: () => ({
          method: 'PUT',
          url: '/api/notifications/defaults',
          payload: { preferences: [] },
        }),
      },
      // Webhooks: the business's admins only.
      ...['/api/webhooks', '/api/webhooks/event-types'].map((url) => ({
        name: `GET ${url}`,
        sharedUser: true,
        roles: BUSINESS_ADMIN_ROLES,
        request: () => ({ method: 'GET' as const, url }),
      })),
      ...[
        '/api/time/status',
        '/api/time/entries?from=2026-11-16&to=2026-11-22',
        '/api/time/timesheets?week=2026-11-16',
        '/api/time/my-locations',
        '/api/time/corrections',
        '/api/time/settings',
      ].map((url) => ({
        name: `GET ${url}`,
        sharedUser: true,
        roles: TIME_ROLES,
        request: () => ({ method: 'GET' as const, url }),
      })),
      {
        name: 'GET /api/time/payroll.csv',
        sharedUser: true,
        roles: BUSINESS_MANAGER_ROLES,
        request: () => ({
          method: 'GET',
          url: '/api/time/payroll.csv?from=2026-11-16&to=2026-11-22',
        }),
      },
      {
        name: 'GET /api/time/costing/:jobId',
        sharedUser: true,
        roles: BUSINESS_MANAGER_ROLES,
        // Another business's visit: 404 to a role that sees costs, never 403.
        request: () => ({ method: 'GET', url: `/api/time/costing/${crypto.randomUUID()}` }),
      },
      {
        name: 'GET /api/time/similar-visits',
        sharedUser: true,
        roles: BUSINESS_MANAGER_ROLES,
        request: () => ({
          method: 'GET',
          url: '/api/time/similar-visits?propertyType=residential&squareFootage=1200',
        }),
      },
      {
        name: 'PUT /api/time/settings',
        roles: BUSINESS_MANAGER_ROLES,
        request: () => ({
          method: 'PUT',
          url: '/api/time/settings',
          payload: {
            weekStartsOn: 1,
            weeklyOvertimeHours: 40,
            dailyOvertimeHours: null,
            forgottenPunchHours: 12,
            locationRetentionDays: 90,
          },
        }),
      },
      {
        name: 'POST /api/time/punches',
        roles: TIME_ROLES,
        request: () => ({
          method: 'POST',
          url: '/api/time/punches',
          payload: {
            clientId: crypto.randomUUID(),
            action: 'clock_in',
            at: new Date().toISOString(),
            sentAt: new Date().toISOString(),
          },
        }),
      },
      {
        name: 'PUT /api/time/consent',
        roles: TIME_ROLES,
        request: () => ({ method: 'PUT', url: '/api/time/consent', payload: { given: true } }),
      },
      {
        name: 'POST /api/time/entries',
        roles: TEAM_MANAGEMENT_ROLES,
        // Another business's employee id: 404 to a role with access, never 403.
        request: () => ({
          method: 'POST',
          url: '/api/time/entries',
          payload: {
            employeeId: crypto.randomUUID(),
            kind: 'shift',
            startedAt: '2026-11-16T14:00:00Z',
            endedAt: '2026-11-16T15:00:00Z',
            reason: 'Matrix',
          },
        }),
      },
      {
        name: 'POST /api/time/corrections',
        roles: TIME_ROLES,
        request: () => ({
          method: 'POST',
          url: '/api/time/corrections',
          payload: {
            startedAt: '2026-11-16T14:00:00Z',
            endedAt: '2026-11-16T15:00:00Z',
            reason: 'Matrix',
          },
        }),
      },
      {
        name: 'POST /api/time/corrections/:id/decision',
        roles: TEAM_MANAGEMENT_ROLES,
        request: () => ({
          method: 'POST',
          url: `/api/time/corrections/${crypto.randomUUID()}/decision`,
          payload: { approve: true },
        }),
      },
      {
        name: 'PATCH /api/time/entries/:id',
        roles: TEAM_MANAGEMENT_ROLES,
        request: () => ({
          method: 'PATCH',
          url: `/api/time/entries/${crypto.randomUUID()}`,
          payload: {
            startedAt: '2026-11-16T14:00:00Z',
            endedAt: '2026-11-16T15:00:00Z',
            reason: 'Matrix',
          },
        }),
      },
      // Inspections (issue 20): /inspections roles read and inspect; admins and managers write
      // templates, share reports and quote findings. Another business's ids answer 404.
      ...['/api/inspection-templates', '/api/inspections', '/api/inspections?status=finished'].map(
        (url) => ({
          name: `GET ${url}`,
          sharedUser: true,
          roles: INSPECTIONS_ROUTE_ROLES,
          request: () => ({ method: 'GET' as const, url }),
        }),
      ),
      ...[
        `/api/inspection-templates/${crypto.randomUUID()}`,
        `/api/inspections/${crypto.randomUUID()}`,
        `/api/inspections/${crypto.randomUUID()}/report.pdf`,
        `/api/inspections/${crypto.randomUUID()}/photos/${crypto.randomUUID()}`,
      ].map((url) => ({
        name: `GET ${url.replace(/[0-9a-f-]{36}/g, ':id')}`,
        sharedUser: true,
        roles: INSPECTIONS_ROUTE_ROLES,
        request: () => ({ method: 'GET' as const, url }),
      })),
      {
        name: 'POST /api/inspection-templates',
        roles: BUSINESS_MANAGER_ROLES,
        request: () => ({
          method: 'POST',
          url: '/api/inspection-templates',
          payload: {
            name: 'Matrix',
            sections: [{ key: 's', title: 'S', items: [{ key: 'i', label: 'I', kind: 'yes_no' }] }],
          },
        }),
      },
      {
        name: 'POST /api/inspection-templates/starters/:key',
        roles: BUSINESS_MANAGER_ROLES,
        request: () => ({ method: 'POST', url: '/api/inspection-templates/starters/move-out' }),
      },
      {
        name: 'PUT /api/inspection-templates/:id',
        sharedUser: true,
        roles: BUSINESS_MANAGER_ROLES,
        request: () => ({
          method: 'PUT',
          url: `/api/inspection-templates/${crypto.randomUUID()}`,
          payload: {
            name: 'Matrix',
            sections: [{ key: 's', title: 'S', items: [{ key: 'i', label: 'I', kind: 'yes_no' }] }],
          },
        }),
      },
      ...(['archive', 'restore'] as const).map((action) => ({
        name: `POST /api/inspection-templates/:id/${action}`,
        sharedUser: true,
        roles: BUSINESS_MANAGER_ROLES,
        request: () => ({
          method: 'POST' as const,
          url: `/api/inspection-templates/${crypto.randomUUID()}/${action}`,
        }),
      })),
      {
        name: 'POST /api/inspections',
        sharedUser: true,
        roles: INSPECTIONS_ROUTE_ROLES,
        request: () => ({
          method: 'POST',
          url: '/api/inspections',
          payload: { templateId: crypto.randomUUID(), customerId: crypto.randomUUID() },
        }),
      },
      {
        name: 'PUT /api/inspections/:id/answers/:itemKey',
        sharedUser: true,
        roles: INSPECTIONS_ROUTE_ROLES,
        request: () => ({
          method: 'PUT',
          url: `/api/inspections/${crypto.randomUUID()}/answers/floor`,
          payload: { kind: 'pass_fail_na', value: 'pass' },
        }),
      },
      {
        name: 'PATCH /api/inspections/:id/notes',
        sharedUser: true,
        roles: INSPECTIONS_ROUTE_ROLES,
        request: () => ({
          method: 'PATCH',
          url: `/api/inspections/${crypto.randomUUID()}/notes`,
          payload: { notes: 'Matrix' },
        }),
      },
      {
        name: 'POST /api/inspections/:id/answers/:itemKey/photos',
        sharedUser: true,
        roles: INSPECTIONS_ROUTE_ROLES,
        request: () => ({
          method: 'POST',
          url: `/api/inspections/${crypto.randomUUID()}/answers/floor/photos`,
          headers: { 'content-type': 'image/png' },
          payload: PNG,
        }),
      },
      {
        name: 'DELETE /api/inspections/:id/photos/:photoId',
        sharedUser: true,
        roles: INSPECTIONS_ROUTE_ROLES,
        request: () => ({
          method: 'DELETE',
          url: `/api/inspections/${crypto.randomUUID()}/photos/${crypto.randomUUID()}`,
        }),
      },
      {
        name: 'POST /api/inspections/:id/finish',
        sharedUser: true,
        roles: INSPECTIONS_ROUTE_ROLES,
        request: () => ({
          method: 'POST',
          url: `/api/inspections/${crypto.randomUUID()}/finish`,
          payload: { signatureName: 'Matrix Inspector' },
        }),
      },
      ...(['POST', 'DELETE'] as const).map((method) => ({
        name: `${method} /api/inspections/:id/share`,
        sharedUser: true,
        roles: BUSINESS_MANAGER_ROLES,
        request: () => ({ method, url: `/api/inspections/${crypto.randomUUID()}/share` }),
      })),
      {
        name: 'POST /api/inspections/:id/send',
        sharedUser: true,
        roles: BUSINESS_MANAGER_ROLES,
        request: () => ({
          method: 'POST',
          url: `/api/inspections/${crypto.randomUUID()}/send`,
          payload: { recipientEmail: 'matrix@example.test' },
        }),
      },
      {
        name: 'POST /api/inspections/:id/quote',
        sharedUser: true,
        roles: BUSINESS_MANAGER_ROLES,
        request: () => ({
          method: 'POST',
          url: `/api/inspections/${crypto.randomUUID()}/quote`,
          payload: { findingIds: ['floor'] },
        }),
      },
      // Inventory (issue 21): /inventory is for admins and managers; a visit's materials for
      // whoever works visits (findVisibleVisit answers 404 for one they may not see).
      ...[
        '/api/inventory/categories',
        '/api/inventory/locations',
        '/api/inventory/items',
        '/api/inventory/items?low=true&q=matrix',
        '/api/inventory/items.csv',
        '/api/inventory/reorder',
        '/api/inventory/settings',
      ].map((url) => ({
        name: `GET ${url}`,
        sharedUser: true,
        roles: INVENTORY_ROUTE_ROLES,
        request: () => ({ method: 'GET' as const, url }),
      })),
      ...[
        `/api/inventory/items/${crypto.randomUUID()}`,
        `/api/inventory/items/${crypto.randomUUID()}/movements`,
      ].map((url) => ({
        name: `GET ${url.replace(/[0-9a-f-]{36}/, ':id')}`,
        sharedUser: true,
        roles: INVENTORY_ROUTE_ROLES,
        request: () => ({ method: 'GET' as const, url }),
      })),
      ...(
        [
          ['POST', '/api/inventory/categories', { name: 'Matrix' }],
          ['PUT', `/api/inventory/categories/${crypto.randomUUID()}`, { name: 'Matrix' }],
          ['DELETE', `/api/inventory/categories/${crypto.randomUUID()}`, undefined],
          ['POST', '/api/inventory/locations', { name: 'Matrix van', kind: 'van' }],
          [
            'PUT',
            `/api/inventory/locations/${crypto.randomUUID()}`,
            { name: 'Matrix', kind: 'site' },
          ],
          ['DELETE', `/api/inventory/locations/${crypto.randomUUID()}`, undefined],
          [
            'POST',
            '/api/inventory/items',
            { name: 'Matrix mop', unit: 'each', kind: 'equipment', costCents: 100 },
          ],
          [
            'PUT',
            `/api/inventory/items/${crypto.randomUUID()}`,
            { name: 'Matrix mop', unit: 'each', kind: 'equipment', costCents: 100 },
          ],
          ['DELETE', `/api/inventory/items/${crypto.randomUUID()}`, undefined],
          ['POST', '/api/inventory/items/import/preview', { csv: 'Name\nMop\n' }],
          [
            'POST',
            '/api/inventory/items/import',
            { csv: 'Name\nMop\n', mapping: { name: 'Name' }, mode: 'all-or-nothing', dryRun: true },
          ],
          [
            'POST',
            '/api/inventory/movements',
            {
              clientId: crypto.randomUUID(),
              kind: 'received',
              itemId: crypto.randomUUID(),
              quantity: 1,
              toLocationId: crypto.randomUUID(),
            },
          ],
          [
            'POST',
            '/api/inventory/counts',
            {
              clientId: crypto.randomUUID(),
              locationId: crypto.randomUUID(),
              reason: 'Matrix',
              lines: [{ itemId: crypto.randomUUID(), counted: 1 }],
            },
          ],
          ['PUT', '/api/inventory/settings', { allowNegativeStock: false }],
        ] as const
      ).map(([method, url, payload]) => ({
        name: `${method} ${url.replace(/[0-9a-f-]{36}/, ':id')}`,
        sharedUser: true,
        roles: INVENTORY_ROUTE_ROLES,
        request: () => ({ method, url, ...(payload ? { payload } : {}) }),
      })),
      {
        name: 'PUT /api/inventory/items/:id/photo',
        sharedUser: true,
        roles: INVENTORY_ROUTE_ROLES,
        request: () => ({
          method: 'PUT',
          url: `/api/inventory/items/${crypto.randomUUID()}/photo`,
          headers: { 'content-type': 'image/png' },
          payload: PNG,
        }),
      },
      {
        name: 'DELETE /api/inventory/items/:id/photo',
        sharedUser: true,
        roles: INVENTORY_ROUTE_ROLES,
        request: () => ({
          method: 'DELETE',
          url: `/api/inventory/items/${crypto.randomUUID()}/photo`,
        }),
      },
      {
        name: 'GET /api/inventory/items/:id/photo/:name',
        sharedUser: true,
        roles: INVENTORY_ROUTE_ROLES,
        request: () => ({
          method: 'GET',
          url: `/api/inventory/items/${crypto.randomUUID()}/photo/${crypto.randomUUID()}.jpg`,
        }),
      },
      {
        name: 'GET /api/jobs/:id/materials',
        sharedUser: true,
        roles: [...TEAM_MANAGEMENT_ROLES, 'team_member'],
        request: () => ({ method: 'GET', url: `/api/jobs/${crypto.randomUUID()}/materials` }),
      },
      {
        name: 'PUT /api/jobs/:id/materials',
        sharedUser: true,
        roles: [...TEAM_MANAGEMENT_ROLES, 'team_member'],
        request: () => ({
          method: 'PUT',
          url: `/api/jobs/${crypto.randomUUID()}/materials`,
          payload: { clientId: crypto.randomUUID(), lines: [] },
        }),
      },
      // Sales (issue 22): /sales is for admins, managers and sales people; its settings and the
      // source-to-cash figures for the managers. A record the person may not see is a 404.
      ...[
        '/api/sales/board',
        '/api/sales/board?owner=me&overdue=true&nudge=true',
        '/api/sales/opportunities',
        `/api/sales/opportunities/${crypto.randomUUID()}`,
        '/api/sales/owners',
        '/api/sales/settings',
      ].map((url) => ({
        name: `GET ${url.replace(/[0-9a-f-]{36}/, ':id')}`,
        sharedUser: true,
        roles: SALES_ROUTE_ROLES,
        request: () => ({ method: 'GET' as const, url }),
      })),
      ...(
        [
          ['POST', '/api/sales/opportunities', { customerId: crypto.randomUUID() }],
          ['PATCH', `/api/sales/opportunities/${crypto.randomUUID()}`, { title: 'Matrix' }],
          ['POST', `/api/sales/opportunities/${crypto.randomUUID()}/move`, { stage: 'contacted' }],
          ['POST', `/api/sales/opportunities/${crypto.randomUUID()}/notes`, { body: 'Matrix' }],
        ] as const
      ).map(([method, url, payload]) => ({
        name: `${method} ${url.replace(/[0-9a-f-]{36}/, ':id')}`,
        sharedUser: true,
        roles: SALES_ROUTE_ROLES,
        request: () => ({ method, url, payload }),
      })),
      {
        name: 'GET /api/sales/source-to-cash',
        sharedUser: true,
        roles: SALES_MANAGER_ROLES,
        request: () => ({ method: 'GET', url: '/api/sales/source-to-cash' }),
      },
      {
        name: 'PUT /api/sales/settings',
        sharedUser: true,
        roles: SALES_MANAGER_ROLES,
        request: () => ({
          method: 'PUT',
          url: '/api/sales/settings',
          payload: {
            teamVisible: false,
            nudgeDays: 3,
            lostReasons: ['Price too high'],
            probabilities: { new: 10, contacted: 25, quoted: 50 },
          },
        }),
      },
      {
        name: 'POST /api/webhooks',
        roles: BUSINESS_ADMIN_ROLES,
        // A refused address answers 400 to an admin, never 403: the role check comes first.
        request: () => ({
          method: 'POST',
          url: '/api/webhooks',
          payload: { url: 'http://127.0.0.1:9/hook', eventTypes: ['job.created'] },
        }),
      },
      // The access vault (issue 26): admins keep it; a visit's panel and a reveal for whoever
      // works visits (the service then requires the assignment and the window).
      ...(
        [
          ['GET', `/api/customers/${crypto.randomUUID()}/access-codes`, undefined],
          [
            'POST',
            `/api/customers/${crypto.randomUUID()}/access-codes`,
            { label: 'Gate', secret: '1234' },
          ],
          ['GET', `/api/customers/${crypto.randomUUID()}/access-codes/reveals`, undefined],
          ['PUT', `/api/access-codes/${crypto.randomUUID()}`, { label: 'Gate' }],
          ['DELETE', `/api/access-codes/${crypto.randomUUID()}`, undefined],
        ] as const
      ).map(([method, url, payload]) => ({
        name: `${method} ${url.replace(/[0-9a-f-]{36}/, ':id')}`,
        sharedUser: true,
        roles: VAULT_ADMIN_ROLES,
        request: () => ({ method, url, payload }),
      })),
      {
        name: 'POST /api/access-codes/:id/reveal',
        sharedUser: true,
        roles: VAULT_CREW_ROLES,
        request: () => ({
          method: 'POST',
          url: `/api/access-codes/${crypto.randomUUID()}/reveal`,
          payload: { jobId: crypto.randomUUID() },
        }),
      },
      // Proof of service (issue 26): the office's link, the crew's photo flag, the days setting.
      {
        name: 'GET /api/jobs/:id/proof',
        sharedUser: true,
        roles: PROOF_LINK_ROLES,
        request: () => ({ method: 'GET', url: `/api/jobs/${crypto.randomUUID()}/proof` }),
      },
      {
        name: 'PUT /api/jobs/:id/photos/:photoId/shareable',
        sharedUser: true,
        roles: VAULT_CREW_ROLES,
        request: () => ({
          method: 'PUT',
          url: `/api/jobs/${crypto.randomUUID()}/photos/${crypto.randomUUID()}/shareable`,
          payload: { shareable: true },
        }),
      },
      {
        name: 'GET /api/proof-of-service/settings',
        sharedUser: true,
        roles: PROOF_SETTINGS_ROLES,
        request: () => ({ method: 'GET', url: '/api/proof-of-service/settings' }),
      },
      {
        name: 'PUT /api/proof-of-service/settings',
        sharedUser: true,
        roles: PROOF_SETTINGS_ROLES,
        request: () => ({
          method: 'PUT',
          url: '/api/proof-of-service/settings',
          payload: { responseDays: 7 },
        }),
      },
      {
        name: 'GET /api/jobs/:id/access',
        sharedUser: true,
        roles: VAULT_CREW_ROLES,
        request: () => ({ method: 'GET', url: `/api/jobs/${crypto.randomUUID()}/access` }),
      },
    ],
  );
});
