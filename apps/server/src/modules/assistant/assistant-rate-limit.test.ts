import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, type SignedInUser, type TestApp } from '../../../test/build-app.ts';
import { colleagueOf } from '../../../test/jobs.ts';
import { startModelStandIn, type ModelStandIn } from '../../../test/model-stand-in.ts';
import { ownerWithBusinessProfile } from '../../../test/requests.ts';

describe('the assistant’s rate limit', () => {
  let t: TestApp;
  let model: ModelStandIn;
  let owner: SignedInUser;
  let manager: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp({ assistantRateLimitMax: 2 });
    model = await startModelStandIn(() => ({ text: 'Hello.' }));
    owner = await ownerWithBusinessProfile(t.app);
    manager = await colleagueOf(t.app, owner, 'business_manager');
    const saved = await asUser(t.app, owner, {
      method: 'PUT',
      url: '/api/assistant/settings',
      payload: { baseUrl: model.baseUrl, model: 'm' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await model.close();
    await t.close();
  });

  const ask = (user: SignedInUser) =>
    asUser(t.app, user, { method: 'POST', url: '/api/assistant/chat', payload: { message: 'Hi' } });

  it('when one person sends more than the limit in a minute, then they get 429 and others still get answers', async () => {
    expect((await ask(owner)).statusCode).toBe(200);
    expect((await ask(owner)).statusCode).toBe(200);
    const third = await ask(owner);
    expect(third.statusCode).toBe(429);
    expect(model.requests).toHaveLength(2);
    expect((await ask(manager)).statusCode).toBe(200);
  });
});
