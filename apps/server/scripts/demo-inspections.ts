import {
  inspectionAnswerInputSchema,
  STARTER_TEMPLATE_KEYS,
  type InspectionAnswerInput,
  type StarterTemplateKey,
} from '@crewdesk/domain';
import type { ShareSigner } from '../src/lib/share-links.ts';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import sharp from 'sharp';
import type { Db } from '../src/db/client.ts';
import {
  customers,
  employees,
  inspections,
  inspectionTemplates,
  jobAssignees,
  jobs,
} from '../src/db/schema/index.ts';
import { ImageStore } from '../src/lib/image-store.ts';
import type { AccountActor } from '../src/plugins/permissions.ts';
import { businessLogoReader } from '../src/modules/business-profile/index.ts';
import type { Mailer } from '../src/modules/mail/index.ts';
import * as sharing from '../src/modules/inspections/inspection-sharing.service.ts';
import * as sharedReport from '../src/modules/inspections/shared-report.service.ts';
import * as templates from '../src/modules/inspections/inspection-templates.service.ts';
import * as service from '../src/modules/inspections/inspections.service.ts';

const TIME_ZONE = 'America/Chicago';

type Answers = Record<string, InspectionAnswerInput>;

const pass = { kind: 'pass_fail_na', value: 'pass' } as const;
const fail = (note = '') => ({ kind: 'pass_fail_na', value: 'fail', note }) as const;

/** A plain coloured picture standing in for a phone photo (the server resizes it like one). */
function demoPhoto(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

interface Context {
  deps: sharing.SharingDeps;
  owner: AccountActor;
}

async function answerAll(
  ctx: Context,
  id: string,
  answers: Answers,
  photos: Record<string, string>,
) {
  for (const [key, answer] of Object.entries(answers)) {
    await service.saveAnswer(
      ctx.deps,
      ctx.owner,
      id,
      key,
      inspectionAnswerInputSchema.parse(answer),
    );
  }
  for (const [key, colour] of Object.entries(photos)) {
    await service.addPhoto(ctx.deps, ctx.owner, id, key, await demoPhoto(colour), undefined);
  }
}

/** Completed visits of the demo with someone on them: the inspections are done on these. */
async function doneVisits(db: Db, accountId: string) {
  return db
    .select({ jobId: jobs.id, employeeId: jobAssignees.employeeId, customerId: jobs.customerId })
    .from(jobs)
    .innerJoin(
      jobAssignees,
      and(eq(jobAssignees.jobId, jobs.id), eq(jobAssignees.accountId, jobs.accountId)),
    )
    .innerJoin(employees, eq(employees.id, jobAssignees.employeeId))
    .where(
      and(eq(jobs.accountId, accountId), eq(jobs.status, 'completed'), isNotNull(jobs.customerId)),
    )
    .orderBy(asc(jobs.startsAt))
    .limit(3);
}

async function templateIdOf(db: Db, accountId: string, key: StarterTemplateKey): Promise<string> {
  const [row] = await db
    .select({ id: inspectionTemplates.id })
    .from(inspectionTemplates)
    .where(
      and(
        eq(inspectionTemplates.accountId, accountId),
        eq(inspectionTemplates.starterKey, key),
        eq(inspectionTemplates.current, true),
      ),
    );
  if (!row) throw new Error(`the ${key} template is missing`);
  return row.id;
}

async function start(
  ctx: Context,
  templateId: string,
  place: { jobId?: string; customerId?: string; inspectorId?: string },
) {
  const detail = await service.startInspection(ctx.deps, ctx.owner, {
    templateId,
    jobId: place.jobId ?? null,
    customerId: place.customerId ?? null,
    siteAddress: null,
    inspectorId: place.inspectorId ?? null,
  });
  return detail.id;
}

const finish = (ctx: Context, id: string, name: string) =>
  service.finishInspection(ctx.deps, ctx.owner, id, { signatureName: name, signatureImage: null });

/**
 * Inspections for the demo (issue 20): the three starter templates adopted; a passed cleaning
 * check with a photo; a failed one, shared, with findings; a move-out at a contact's address,
 * shared, whose client accepted two of its findings (an accepted quote under Requests); and a
 * maintenance check under way. Done once: any inspection of the business means it is there.
 */
export async function ensureDemoInspections(
  db: Db,
  owner: { accountId: string; userId: string },
  services: { mailer: Mailer; publicUrl: string; shares: ShareSigner; dataDir: string },
): Promise<{ count: number; sharedUrl: string | null }> {
  const [existing] = await db
    .select({ id: inspections.id })
    .from(inspections)
    .where(eq(inspections.accountId, owner.accountId))
    .limit(1);
  if (existing) return { count: 0, sharedUrl: null };
  const ctx: Context = {
    owner: {
      ...owner,
      email: 'owner@demo.crewdesk.test',
      sessionId: 'demo',
      role: 'owner',
      timeZone: TIME_ZONE,
    },
    deps: {
      db,
      now: () => new Date(),
      publicUrl: services.publicUrl,
      shares: services.shares,
      mailer: services.mailer,
      log: pino({ level: 'warn' }) as unknown as FastifyBaseLogger,
      photos: new ImageStore(services.dataDir, 'inspection-photos'),
      readLogo: businessLogoReader(services.dataDir),
    },
  };
  const offered = (await templates.listTemplates(db, ctx.owner, undefined)).starters.map(
    (s) => s.key,
  );
  for (const key of STARTER_TEMPLATE_KEYS) {
    if (offered.includes(key)) await templates.useStarter(db, ctx.owner, key, new Date());
  }
  const cleaning = await templateIdOf(db, owner.accountId, 'cleaning-quality');
  const moveOut = await templateIdOf(db, owner.accountId, 'move-out');
  const maintenance = await templateIdOf(db, owner.accountId, 'maintenance');
  const visits = await doneVisits(db, owner.accountId);
  const [contact] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.accountId, owner.accountId), sql`${customers.address} is not null`))
    .orderBy(asc(customers.createdAt))
    .limit(1);
  let count = 0;

  const cleanAll: Answers = {
    'kitchen-counters': pass,
    'kitchen-appliances': pass,
    'kitchen-sink': pass,
    'kitchen-floor': pass,
    'bath-toilet': pass,
    'bath-shower': pass,
    'bath-mirror': { kind: 'pass_fail_na', value: 'na', note: 'No mirror in this bathroom' },
    'overall-rating': { kind: 'rating_1_5', value: 5 },
    'overall-comments': {
      kind: 'text',
      value: 'Spotless. Thank you for the flowers on the table!',
    },
  };
  const [first, second, third] = visits;
  if (first) {
    const id = await start(ctx, cleaning, { jobId: first.jobId, inspectorId: first.employeeId });
    await answerAll(ctx, id, cleanAll, { 'overall-photo': '#9fd3c7' });
    await finish(ctx, id, 'Hannah Okafor');
    count++;
  }
  let sharedUrl: string | null = null;
  if (second) {
    const id = await start(ctx, cleaning, { jobId: second.jobId, inspectorId: second.employeeId });
    await answerAll(
      ctx,
      id,
      {
        ...cleanAll,
        'kitchen-counters': fail('Grease behind the stove'),
        'kitchen-floor': fail('Sticky patch by the fridge'),
        'bath-shower': fail('Soap scum on the glass'),
        'overall-rating': { kind: 'rating_1_5', value: 3 },
        'overall-comments': { kind: 'text', value: 'A re-clean of the kitchen is booked.' },
      },
      { 'kitchen-counters': '#c9a66b', 'kitchen-floor': '#8d6e63', 'bath-shower': '#b0bec5' },
    );
    await finish(ctx, id, 'Hannah Okafor');
    sharedUrl = (await sharing.shareReport(ctx.deps, ctx.owner, id)).url;
    count++;
  }
  if (contact) {
    const id = await start(ctx, moveOut, { customerId: contact.id });
    await answerAll(
      ctx,
      id,
      {
        'walls-marks': fail('Two holes from picture hooks in the living room'),
        'floors-condition': pass,
        'oven-clean': fail(),
        'fridge-clean': fail('Left switched on with food inside'),
        'appliance-damage': { kind: 'yes_no', value: 'no' },
        'keys-returned': { kind: 'yes_no', value: 'yes' },
        'meter-reading': { kind: 'number_with_unit', value: 48213 },
      },
      { 'walls-marks': '#eceff1' },
    );
    await finish(ctx, id, 'Olivia Carter');
    const token = new URL((await sharing.shareReport(ctx.deps, ctx.owner, id)).url).pathname
      .split('/')
      .pop()!;
    await sharedReport.acceptFindings(
      ctx.deps,
      token,
      { findingIds: ['walls-marks', 'oven-clean'], name: 'Jordan Tenant' },
      { ip: '127.0.0.1', userAgent: 'demo' },
    );
    count++;
  }
  if (third) {
    const id = await start(ctx, maintenance, { jobId: third.jobId, inspectorId: third.employeeId });
    await answerAll(
      ctx,
      id,
      {
        'hvac-filter': fail('Filter grey with dust'),
        'hvac-supply-temp': { kind: 'number_with_unit', value: 58 },
      },
      {},
    );
    count++;
  }
  return { count, sharedUrl };
}
