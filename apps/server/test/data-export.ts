import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/client.ts';
import * as s from '../src/db/schema/index.ts';

/**
 * One row in every table an export holds that the API calls of the round-trip test leave empty,
 * tied together as the app ties them (ids in foreign keys and in jsonb), so that an import must
 * remap every kind of reference. Values are the smallest the columns take.
 */
export async function seedEveryExportedTable(
  db: Db,
  ids: { accountId: string; userId: string; customerId: string; jobId: string; invoiceId: string },
): Promise<void> {
  const { accountId, userId, customerId, jobId, invoiceId } = ids;
  const a = { accountId };
  const now = new Date('2026-11-20T15:00:00.000Z');
  const [employee] = await db
    .insert(s.employees)
    .values({ ...a, firstName: 'Sam', lastName: 'Crew' })
    .returning();
  const employeeId = employee!.id;
  const [request] = await db
    .insert(s.requests)
    .values({
      ...a,
      title: 'Quote',
      client: 'Dana',
      amountCents: 100,
      date: '2026-11-20',
      expiresAt: now,
      customerId,
    })
    .returning();
  const requestId = request!.id;
  const [series] = await db
    .insert(s.jobSeries)
    .values({
      ...a,
      frequency: 'weekly',
      rrule: 'FREQ=WEEKLY',
      startDate: '2026-11-20',
      startTime: '09:00',
      template: { title: 'Weekly', customerId },
    } as unknown as typeof s.jobSeries.$inferInsert)
    .returning();
  await db.insert(s.jobAssignees).values({ ...a, jobId, employeeId });
  await db
    .insert(s.jobChecklistItems)
    .values({ ...a, jobId, label: 'Mop', position: 0, doneBy: userId });
  await db.insert(s.jobEvents).values({
    ...a,
    jobId,
    kind: 'note' as never,
    detail: { seriesId: series!.id },
    actorUserId: userId,
  });
  await db
    .insert(s.invoiceEvents)
    .values({ ...a, invoiceId, kind: 'note' as never, detail: { jobId } });
  await db.insert(s.invoiceReminders).values({ ...a, invoiceId, reminderKey: 'due-3' });
  await db
    .insert(s.requestEvents)
    .values({ ...a, requestId, kind: 'viewed', detail: { customerId } });
  const familyId = randomUUID();
  const [template] = await db
    .insert(s.inspectionTemplates)
    .values({
      ...a,
      familyId,
      version: 1,
      name: 'Move-out',
      passMarkPercent: 80,
      sections: [],
      createdBy: userId,
    } as unknown as typeof s.inspectionTemplates.$inferInsert)
    .returning();
  const [inspection] = await db
    .insert(s.inspections)
    .values({
      ...a,
      templateId: template!.id,
      templateFamilyId: familyId,
      templateVersion: 1,
      templateName: 'Move-out',
      snapshot: { sections: [] },
      startedAt: now,
      customerId,
      jobId,
      inspectorId: employeeId,
    } as unknown as typeof s.inspections.$inferInsert)
    .returning();
  const inspectionId = inspection!.id;
  await db.insert(s.inspectionAnswers).values({
    ...a,
    inspectionId,
    itemKey: 'i1',
    kind: 'yes_no',
    value: { ok: true },
  } as unknown as typeof s.inspectionAnswers.$inferInsert);
  await db.insert(s.inspectionShareLinks).values({ ...a, inspectionId, createdBy: userId });
  await db.insert(s.inspectionQuotes).values({
    ...a,
    inspectionId,
    requestId,
    source: 'staff',
    findingIds: ['i1'],
  } as unknown as typeof s.inspectionQuotes.$inferInsert);
  const [category] = await db
    .insert(s.inventoryCategories)
    .values({ ...a, name: 'Soap', slug: 'soap' })
    .returning();
  const [item] = await db
    .insert(s.inventoryItems)
    .values({
      ...a,
      name: 'Soap',
      unit: 'bottle',
      kind: 'consumable',
      costCents: 300,
      categoryId: category!.id,
    } as unknown as typeof s.inventoryItems.$inferInsert)
    .returning();
  const [location] = await db
    .insert(s.inventoryLocations)
    .values({
      ...a,
      name: 'Van',
      kind: 'van',
      employeeId,
    } as unknown as typeof s.inventoryLocations.$inferInsert)
    .returning();
  await db.insert(s.inventoryMovements).values({
    ...a,
    clientId: randomUUID(),
    kind: 'received',
    itemId: item!.id,
    quantity: '2',
    toLocationId: location!.id,
    jobId,
    createdBy: userId,
  } as unknown as typeof s.inventoryMovements.$inferInsert);
  await db.insert(s.inventoryBalances).values({
    ...a,
    itemId: item!.id,
    locationId: location!.id,
  } as unknown as typeof s.inventoryBalances.$inferInsert);
  await db
    .insert(s.inventorySettings)
    .values({ ...a })
    .onConflictDoNothing();
  await db
    .insert(s.clientHubSettings)
    .values({ ...a, linkLifetimeDays: 30 })
    .onConflictDoNothing();
  await db
    .insert(s.salesSettings)
    .values({ ...a, lostReasons: ['Price'] })
    .onConflictDoNothing();
  const [opportunity] = await db
    .insert(s.salesOpportunities)
    .values({
      ...a,
      title: 'Office',
      source: 'manual',
      stage: 'new',
      stageEnteredAt: now,
      openedAt: now,
      customerId,
      ownerUserId: userId,
    } as unknown as typeof s.salesOpportunities.$inferInsert)
    .returning();
  const opportunityId = opportunity!.id;
  await db.insert(s.salesOpportunityRequests).values({ ...a, requestId, opportunityId });
  await db
    .insert(s.salesNotes)
    .values({ ...a, opportunityId, body: 'Called', authorUserId: userId });
  const [event] = await db
    .insert(s.domainEvents)
    .values({
      ...a,
      type: 'request.created',
      subject: 'request',
      subjectId: requestId,
      payload: { customerId },
      actorUserId: userId,
      audienceUserIds: [userId],
      dispatchedAt: now,
    })
    .returning();
  await db.insert(s.salesStageMoves).values({
    ...a,
    opportunityId,
    toStage: 'won',
    causeSeq: event!.seq,
    byUserId: userId,
  } as unknown as typeof s.salesStageMoves.$inferInsert);
  await db
    .insert(s.timeSettings)
    .values({
      ...a,
      weekStartsOn: 1,
      weeklyOvertimeMinutes: 2400,
      forgottenPunchHours: 12,
      locationRetentionDays: 90,
    })
    .onConflictDoNothing();
  const [entry] = await db
    .insert(s.timeEntries)
    .values({
      ...a,
      employeeId,
      kind: 'shift',
      startedAt: now,
      timeZone: 'UTC',
      workDate: '2026-11-20',
      source: 'manual',
      jobId,
      createdBy: userId,
    } as unknown as typeof s.timeEntries.$inferInsert)
    .returning();
  await db.insert(s.timePunches).values({
    ...a,
    clientId: randomUUID(),
    employeeId,
    action: 'clock_in',
    at: now,
    jobId,
  } as unknown as typeof s.timePunches.$inferInsert);
  await db.insert(s.timeEntryChanges).values({
    ...a,
    entryId: entry!.id,
    reason: 'typo',
    before: { startedAt: null, endedAt: null },
    after: { startedAt: null, endedAt: null },
    changedBy: userId,
  });
  await db.insert(s.timesheets).values({
    ...a,
    employeeId,
    weekStart: '2026-11-16',
    approvedBy: userId,
  } as unknown as typeof s.timesheets.$inferInsert);
  await db.insert(s.locationConsents).values({
    ...a,
    employeeId,
    text: 'I agree',
  } as unknown as typeof s.locationConsents.$inferInsert);
  await db.insert(s.timeCorrections).values({
    ...a,
    employeeId,
    entryId: entry!.id,
    startedAt: now,
    endedAt: now,
    reason: 'forgot',
    requestedBy: userId,
  } as unknown as typeof s.timeCorrections.$inferInsert);
  await db.insert(s.reportSchedules).values({
    ...a,
    report: 'revenue',
    frequency: 'weekly',
    recipientUserIds: [userId],
    createdBy: userId,
  } as unknown as typeof s.reportSchedules.$inferInsert);
  await db
    .insert(s.notificationDefaults)
    .values({ ...a, kind: 'request.created', channel: 'email', enabled: false })
    .onConflictDoNothing();
  await db
    .insert(s.assistantUsage)
    .values({ ...a, day: '2026-11-20' } as unknown as typeof s.assistantUsage.$inferInsert);
  const [conversation] = await db
    .insert(s.assistantConversations)
    .values({ ...a, userId, title: 'Help' })
    .returning();
  const [message] = await db
    .insert(s.assistantMessages)
    .values({
      ...a,
      conversationId: conversation!.id,
      role: 'user',
      text: 'Hi',
    } as unknown as typeof s.assistantMessages.$inferInsert)
    .returning();
  await db.insert(s.assistantProposals).values({
    ...a,
    userId,
    tool: 'create_job',
    title: 'Job',
    lines: [],
    actions: [{ jobId }],
    conversationId: conversation!.id,
    messageId: message!.id,
  } as unknown as typeof s.assistantProposals.$inferInsert);
  await db.insert(s.assistantToolLog).values({
    ...a,
    via: 'chat',
    kind: 'call',
    tool: 'list_jobs',
    status: 'ok',
    result: 'none',
    userId,
    arguments: { customerId },
  } as unknown as typeof s.assistantToolLog.$inferInsert);
}
