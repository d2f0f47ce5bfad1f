import { expect, openPhone, signUp, snap, test, uniqueEmail } from './fixtures';
import { waitForMail } from './mail';
import { pageWidthProblem, seriousViolations } from './page-checks';
import { addClient, completedJob } from './records';

test('a completed visit e-mails the client its proof page; the client reports a problem on a phone, and the office sees it on the visit', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const tag = Math.random().toString(36).slice(2, 6);
  await signUp(page, {
    email: uniqueEmail('proof-owner'),
    password: 'correct horse battery',
    firstName: 'Paula',
    lastName: 'Proof',
    businessName: `Spotless ${tag}`,
  });
  const client = await addClient(page.request, 'Quinn', `Quill${tag}`);
  const jobId = await completedJob(page.request, client.id, `Office clean ${tag}`, 21500);

  // The automatic e-mail to the contact carries the page's link.
  const mail = await waitForMail(client.email, (m) => m.subject.includes(`Office clean ${tag}`));
  const link = mail.links.find((l) => l.includes('/proof/'));
  expect(link, mail.text).toBeDefined();

  // The client opens it on a phone: the visit, and nothing internal (no price).
  const phone = await openPhone(browser, testInfo);
  await phone.page.goto(link!);
  const article = phone.page.getByRole('article', { name: `Visit completed by Spotless ${tag}` });
  await expect(article.getByRole('heading', { name: `Office clean ${tag}` })).toBeVisible();
  await expect(article).not.toContainText('215');
  expect(await seriousViolations(phone.page)).toEqual([]);
  expect(await pageWidthProblem(phone.page)).toBeNull();
  await snap(phone.page, 'visit-proof-page');

  // They report a problem.
  await article.getByRole('button', { name: 'Report a problem' }).click();
  await article.getByLabel('What went wrong?').fill('The kitchen floor was not mopped.');
  await article.getByRole('button', { name: 'Send the report' }).click();
  await expect(article.getByText(/You reported a problem on/)).toBeVisible();
  await expect(article.getByRole('button', { name: 'Report a problem' })).toHaveCount(0);
  expect(await seriousViolations(phone.page)).toEqual([]);
  await snap(phone.page, 'visit-proof-answered');
  expect(phone.errors).toEqual([]);
  await phone.context.close();

  // The office sees it on the visit: its history and its proof of service panel.
  await page.goto(`/jobs/${jobId}`);
  await expect(
    page.getByText('The client reported a problem: “The kitchen floor was not mopped.”'),
  ).toBeVisible();
  const proof = page.getByRole('region', { name: 'Proof of service' });
  await expect(proof.getByText('The kitchen floor was not mopped.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'visit-proof-office');

  // The page at desktop width, answered.
  await page.goto(link!);
  await expect(page.getByText(/You reported a problem on/)).toBeVisible();
  await snap(page, 'visit-proof-answered');
});
