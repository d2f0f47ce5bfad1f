import { BUSINESS_ADMIN_ROLES } from '@crewdesk/domain';
import { afterAll, beforeAll, describe } from 'vitest';
import { describeRoleMatrix } from '../../test/access-matrix.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';

// Every endpoint that needs a session, with the roles that may call it. Add new endpoints here.
describe('roles × endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

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
        name: 'GET /api/plan',
        roles: 'any-signed-in',
        request: () => ({ method: 'GET', url: '/api/plan' }),
      },
      {
        name: 'GET /api/mail/outbox',
        roles: BUSINESS_ADMIN_ROLES,
        request: () => ({ method: 'GET', url: '/api/mail/outbox' }),
      },
    ],
  );
});
