import {
  localDateOf,
  calculateFromForm,
  canSeeBusinessSummary,
  categorizeRequest,
  checkRequestSave,
  CUSTOMER_NOT_IN_BUSINESS,
  defaultRequestTitle,
  formWithServerFigures,
  isRoleAllowed,
  listCategoryOf,
  normalizeRequestContact,
  PROPOSAL_OPTION_IDS,
  PROPOSALS_ROUTE_ROLES,
  proposalTypeColumn,
  publicDetails,
  REQUEST_LIST_CATEGORIES,
  saveCheckText,
  type BusinessSummary,
  type EstimateResult,
  type RequestDetail,
  type RequestInput,
  type RequestListCategory,
  type RequestListQuery,
  type RequestListResponse,
  type RequestRecord,
  type Role,
  type CalculatorFormValues,
  type ProposalOption,
} from '@crewdesk/domain';
import type { ShareSigner } from '../../lib/share-links.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, forbidden, orNotFound } from '../../lib/app-error.ts';
import { cursorKeysOf } from '../../lib/keyset.ts';
import {
  effectiveStatus,
  optionsOf,
  proposalOptionsFromForm,
  requestShareToken,
} from './request-view.ts';
import { insertNewRequest } from './new-request.ts';
import * as repo from './requests.repo.ts';

/** The signed-in user acting in their active account. */
export interface RequestActor {
  userId: string;
  accountId: string;
  role: Role;
  /** The business's zone: a new request is dated on the business's day. */
  timeZone: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BAD_CURSOR = 'cursor is not valid; start again from the first page';

function mayOpenProposals(actor: RequestActor): boolean {
  return isRoleAllowed(actor.role, actor.accountId, PROPOSALS_ROUTE_ROLES);
}

/** The tabs a role may list: proposals only for the proposals route's roles. */
function visibleCategories(actor: RequestActor): RequestListCategory[] {
  return REQUEST_LIST_CATEGORIES.filter((c) => c !== 'proposals' || mayOpenProposals(actor));
}

function categoryOfRow(row: Pick<repo.RequestRow, 'type' | 'proposalType'>) {
  return listCategoryOf({ type: row.type, proposal_type: row.proposalType });
}

/** A proposal is out of reach of a role outside the proposals route: 403, as the route guard. */
export function assertMayOpen(
  actor: RequestActor,
  row: Pick<repo.RequestRow, 'type' | 'proposalType'>,
) {
  if (categoryOfRow(row) === 'proposals' && !mayOpenProposals(actor)) throw forbidden();
}

function summaryOf(result: EstimateResult): BusinessSummary {
  return {
    estimatedHours: result.estimatedHours,
    formulaHours: result.formulaHours,
    labourCostCents: result.labourCostCents,
    toolsCostCents: result.toolsCostCents,
    totalCostCents: result.totalCostCents,
    profitCents: result.profitCents,
    profitMarginPercent: result.profitMarginPercent,
    marginBand: result.marginBand,
    tools: result.tools.map((t) => ({ ...t })),
  };
}

function acceptanceOf(row: repo.RequestRow): RequestRecord['acceptance'] {
  if (!row.acceptedAt || row.acceptedName === null) return null;
  const optionId = PROPOSAL_OPTION_IDS.find((id) => id === row.acceptedOption) ?? null;
  return { name: row.acceptedName, acceptedAt: row.acceptedAt.toISOString(), optionId };
}

/**
 * The answer for `actor`: the Business Summary and the form's internal figures only for
 * business admins and managers (spec section 6); every other role gets neither key.
 */
export function toRequest(
  item: repo.RequestWithCustomer,
  actor: RequestActor,
  now: Date,
  shares: ShareSigner,
): RequestRecord {
  const { row, customer } = item;
  const seesSummary = canSeeBusinessSummary(actor.role);
  const record: RequestRecord = {
    id: row.id,
    title: row.title,
    description: row.description,
    client: row.client,
    clientEmail: row.clientEmail,
    clientPhone: row.clientPhone,
    customerId: row.customerId,
    customer,
    amountCents: row.amountCents,
    date: row.date,
    status: effectiveStatus(row, now),
    type: row.type,
    proposalType: row.proposalType,
    category: categoryOfRow(row),
    details: seesSummary ? row.details : publicDetails(row.details),
    shareToken: requestShareToken(shares, row),
    expiresAt: row.expiresAt.toISOString(),
    emailSent: row.emailSent,
    sharedAt: row.sharedAt?.toISOString() ?? null,
    createdBy: row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    options: optionsOf(row),
    acceptance: acceptanceOf(row),
    decline:
      row.declinedAt && row.declinedReason !== null
        ? { reason: row.declinedReason, declinedAt: row.declinedAt.toISOString() }
        : null,
    viewedAt: row.viewedAt?.toISOString() ?? null,
  };
  if (seesSummary) {
    // Recomputed from the stored form: the same calculator that priced it.
    const result = calculateFromForm(row.details);
    if (result) record.businessSummary = summaryOf(result);
  }
  return record;
}

/**
 * The columns a save writes, after the spec's save checks (section 5, in order).
 * `storedCorrection` is the saved request's correctedHours: only admins and managers apply or
 * clear a correction from similar visits; anyone else's save keeps what was there.
 */
async function saveColumns(
  db: DbOrTx,
  actor: RequestActor,
  input: RequestInput,
  storedCorrection: number | null = null,
) {
  const { type, proposal_type, title, description, date, ...sent } = input;
  const form = canSeeBusinessSummary(actor.role)
    ? sent
    : { ...sent, correctedHours: storedCorrection };
  // The server's own price: whatever total the client sent is ignored.
  const result = calculateFromForm(form);
  const contact = normalizeRequestContact({
    clientName: form.clientName,
    email: form.email,
    phone: form.phone,
  });
  const check = checkRequestSave({
    totalAmount: result?.priceCents ?? 0,
    clientName: contact.clientName,
    hasSession: true,
    accountId: actor.accountId,
  });
  if (!check.ok) throw new AppError('BAD_REQUEST', saveCheckText(check));

  const customerId = form.customer_id?.trim() || null;
  if (customerId !== null) {
    if (
      !UUID.test(customerId) ||
      !(await repo.customerBelongsToAccount(db, actor.accountId, customerId))
    ) {
      throw new AppError('BAD_REQUEST', CUSTOMER_NOT_IN_BUSINESS);
    }
  }
  const proposalType = proposalTypeColumn(proposal_type);
  const requestType = type ?? 'estimate';
  const details = formWithServerFigures(
    {
      ...form,
      clientName: contact.clientName,
      email: contact.email ?? '',
      phone: contact.phone ?? '',
      customer_id: customerId,
    },
    result,
  );
  const category = categorizeRequest({ type: requestType, proposal_type: proposalType });
  // A proposal's options come from the same calculator; the amount stays the Standard price
  // (the form as entered) until the client accepts one of them.
  const options = category === 'proposal' ? proposalOptionsFromForm(form) : null;
  return {
    title: title || defaultRequestTitle(category, contact.clientName),
    description: description || null,
    client: contact.clientName,
    clientEmail: contact.email,
    clientPhone: contact.phone,
    customerId,
    amountCents: result!.priceCents,
    date,
    type: requestType,
    proposalType,
    details: details as Record<string, unknown>,
    options,
  };
}

/** The accepted option's price, when an accepted proposal is priced again (edit, not copy). */
function acceptedPrice(options: ProposalOption[] | null, acceptedOption: string | null) {
  return options?.find((o) => o.id === acceptedOption)?.priceCents;
}

/** The business's day at `now`: what a request made now is dated. */
function today(now: Date, actor: RequestActor): string {
  return localDateOf(now, actor.timeZone);
}

export async function createRequest(
  db: Db,
  actor: RequestActor,
  input: RequestInput,
  now: Date,
  shares: ShareSigner,
): Promise<RequestDetail> {
  const id = await db.transaction(async (tx) => {
    const columns = await saveColumns(tx, actor, input);
    assertMayOpen(actor, columns);
    const row = await insertNewRequest(
      tx,
      {
        ...columns,
        date: columns.date ?? today(now, actor),
        accountId: actor.accountId,
        userId: actor.userId,
      },
      now,
    );
    return row.id;
  });
  return getRequest(db, actor, id, now, shares);
}

export async function getRequest(
  db: Db,
  actor: RequestActor,
  id: string,
  now: Date,
  shares: ShareSigner,
): Promise<RequestDetail> {
  const item = orNotFound(await repo.findRequest(db, actor.accountId, id), 'Request');
  assertMayOpen(actor, item.row);
  const [events, jobs, invoice] = await Promise.all([
    repo.listEvents(db, actor.accountId, id),
    repo.jobsOfRequest(db, actor.accountId, id),
    repo.liveInvoiceOfRequest(db, actor.accountId, id),
  ]);
  return {
    ...toRequest(item, actor, now, shares),
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      detail: e.detail,
      createdAt: e.createdAt.toISOString(),
    })),
    jobs: jobs.map((j) => ({ ...j, startsAt: j.startsAt?.toISOString() ?? null })),
    invoiceId: invoice?.id ?? null,
  };
}

export async function updateRequest(
  db: Db,
  actor: RequestActor,
  id: string,
  input: RequestInput,
  now: Date,
  shares: ShareSigner,
): Promise<RequestDetail> {
  await db.transaction(async (tx) => {
    const existing = orNotFound(await repo.findRequest(tx, actor.accountId, id), 'Request');
    assertMayOpen(actor, existing.row);
    const stored = existing.row.details.correctedHours;
    const columns = await saveColumns(tx, actor, input, typeof stored === 'number' ? stored : null);
    // Turning a request into a proposal needs the proposals right too.
    assertMayOpen(actor, columns);
    // An accepted proposal keeps the price of the option its client chose.
    const amountCents =
      acceptedPrice(columns.options, existing.row.acceptedOption) ?? columns.amountCents;
    await repo.updateRequest(tx, actor.accountId, id, {
      ...columns,
      amountCents,
      date: columns.date ?? existing.row.date,
    });
    await repo.insertEvent(tx, {
      accountId: actor.accountId,
      requestId: id,
      kind: 'edited',
      detail: { fromAmountCents: existing.row.amountCents, toAmountCents: amountCents },
    });
  });
  return getRequest(db, actor, id, now, shares);
}

export async function deleteRequest(db: Db, actor: RequestActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = orNotFound(await repo.findRequest(tx, actor.accountId, id), 'Request');
    assertMayOpen(actor, existing.row);
    await repo.deleteRequest(tx, actor.accountId, id);
  });
}

/**
 * A copy as a new request: new id and share token, unopened, not sent, 30 days from now,
 * priced again by the calculator.
 */
export async function duplicateRequest(
  db: Db,
  actor: RequestActor,
  id: string,
  now: Date,
  shares: ShareSigner,
): Promise<RequestDetail> {
  const newId = await db.transaction(async (tx) => {
    const existing = orNotFound(await repo.findRequest(tx, actor.accountId, id), 'Request');
    const source = existing.row;
    assertMayOpen(actor, source);
    const result = calculateFromForm(source.details);
    const row = await insertNewRequest(
      tx,
      {
        accountId: actor.accountId,
        userId: actor.userId,
        customerId: source.customerId,
        title: source.title,
        description: source.description,
        client: source.client,
        clientEmail: source.clientEmail,
        clientPhone: source.clientPhone,
        amountCents: result?.priceCents ?? source.amountCents,
        date: today(now, actor),
        type: source.type,
        proposalType: source.proposalType,
        details: formWithServerFigures(source.details, result) as Record<string, unknown>,
        options:
          categoryOfRow(source) === 'proposals'
            ? proposalOptionsFromForm(source.details as CalculatorFormValues)
            : null,
        // A copy is the business's own: not the web form's inquiry any more.
        source: null,
      },
      now,
      { duplicatedFrom: source.id },
    );
    return row.id;
  });
  return getRequest(db, actor, newId, now, shares);
}

function encodeCursor(keys: string[]): string {
  return Buffer.from(JSON.stringify(keys)).toString('base64url');
}

function decodeCursor(cursor: string | undefined): [string, string] | null {
  if (!cursor) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string' &&
      !Number.isNaN(Date.parse(parsed[0])) &&
      UUID.test(parsed[1])
    ) {
      return [parsed[0], parsed[1]];
    }
  } catch {
    // falls through to the 400
  }
  throw new AppError('BAD_REQUEST', BAD_CURSOR);
}

export async function listRequests(
  db: Db,
  actor: RequestActor,
  query: RequestListQuery,
  now: Date,
  shares: ShareSigner,
): Promise<RequestListResponse> {
  if (query.category === 'proposals' && !mayOpenProposals(actor)) throw forbidden();
  const after = decodeCursor(query.cursor);
  const categories = query.category ? [query.category] : visibleCategories(actor);
  const rows = await repo.listRequests(
    db,
    actor.accountId,
    { categories, q: query.q, status: query.status, customerId: query.customerId, now },
    { after, limit: query.limit + 1 },
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => toRequest(r.item, actor, now, shares)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(cursorKeysOf(last.cursor)) : null,
  };
}
