import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CLIENT_HUB_STAFF_ROLES,
  isRoleAllowed,
  JOB_STATUS_LABELS,
  type ClientHub,
  type ClientHubAvailability,
  type ClientHubChannel,
  type ClientHubCodeSent,
  type ClientHubLink,
  type ClientHubRequestWorkInput,
  type ClientHubRevokeResponse,
  type ClientHubSettings,
  type ClientHubVisit,
  type JobStatus,
} from '@crewdesk/domain';
import { CalendarPlus, Download, ExternalLink, LayoutList } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BusinessHeader } from '@/components/business-header';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { InvoiceStatusBadge } from '@/entities/invoice/ui/invoice-status-badge';
import { StatusBadge } from '@/entities/request/ui/request-status-badge';
import { apiRequest } from '@/lib/api-client';
import { formatDay, formatInstant } from '@/lib/format';
import { formatAmount, showAmountsIn } from '@/lib/money';
import { showTimesIn } from '@/lib/time-zone';
import { useSession } from '@/lib/session/session-context';

// The client hub entity in one module on purpose: the share pages, the hub, the contact page
// and Settings all use it, and one module makes one shared chunk. Each file of its own was a
// chunk of its own, and their names in the entry's preload map put the initial JS over its
// budget (scripts/check-bundle-budget.mjs).

/** Whether the signed-in member may preview a contact's hub, revoke its links, set their lifetime. */
export function useMayManageClientHub(): boolean {
  const { role, activeAccountId } = useSession();
  return isRoleAllowed(role, activeAccountId, CLIENT_HUB_STAFF_ROLES);
}

// ---------------------------------------------------------------------------------------------
// Requests. The client's hub (decision 041): public requests by a share link's token, then by the hub's
// own session cookie; and the business's side (preview, revoke, the links' lifetime).

const linkPath = (token: string) => `/public/hub/links/${encodeURIComponent(token)}`;

export const clientHubQueryKey = ['client-hub'] as const;

export function hubLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...clientHubQueryKey, 'link', token],
    queryFn: ({ signal }) => apiRequest<ClientHubLink>(linkPath(token), { signal }),
    retry: false,
  });
}

/** What a share link opens before the code (404 when it opens no hub). */
export function useHubLink(token: string) {
  return useQuery(hubLinkQueryOptions(token));
}

/** Whether a share link opens a hub: its page then offers the way there. */
export function useHubAvailable(token: string) {
  return useQuery({
    queryKey: [...clientHubQueryKey, 'available', token],
    queryFn: ({ signal }) =>
      apiRequest<ClientHubAvailability>(`${linkPath(token)}/available`, { signal }),
    retry: false,
  });
}

/** The signed-in client's hub; asked for only once the link says this browser has a session. */
export function useClientHub(enabled: boolean) {
  return useQuery({
    queryKey: [...clientHubQueryKey, 'hub'],
    queryFn: ({ signal }) => apiRequest<ClientHub>('/public/hub', { signal }),
    enabled,
    retry: false,
  });
}

export function useSendHubCode(token: string) {
  return useMutation({
    mutationFn: (channel: ClientHubChannel) =>
      apiRequest<ClientHubCodeSent>(`${linkPath(token)}/code`, {
        method: 'POST',
        body: { channel },
      }),
  });
}

export function useVerifyHubCode(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<ClientHub>(`${linkPath(token)}/session`, { method: 'POST', body: { code } }),
    onSuccess: (hub) => {
      queryClient.setQueryData([...clientHubQueryKey, 'hub'], hub);
      queryClient.setQueryData<ClientHubLink>(
        hubLinkQueryOptions(token).queryKey,
        (link) => link && { ...link, signedIn: true },
      );
    },
  });
}

export function useRequestWork() {
  return useMutation({
    mutationFn: (input: ClientHubRequestWorkInput) =>
      apiRequest<{ message: string }>('/public/hub/request-work', { method: 'POST', body: input }),
  });
}

export function useHubSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>('/public/hub/sign-out', { method: 'POST' }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: [...clientHubQueryKey, 'hub'] });
      await queryClient.invalidateQueries({ queryKey: [...clientHubQueryKey, 'link'] });
    },
  });
}

// The business's side ---------------------------------------------------------------------

export function useHubPreview(customerId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...clientHubQueryKey, 'preview', customerId],
    queryFn: ({ signal }) =>
      apiRequest<ClientHub>(`/customers/${encodeURIComponent(customerId)}/client-hub`, { signal }),
    enabled,
  });
}

export function useRevokeHubLinks(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<ClientHubRevokeResponse>(
        `/customers/${encodeURIComponent(customerId)}/client-hub/revoke-links`,
        { method: 'POST' },
      ),
    // Every link of the contact's estimates and invoices changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

const SETTINGS_KEY = [...clientHubQueryKey, 'settings'] as const;

export function useClientHubSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => apiRequest<ClientHubSettings>('/client-hub/settings', { signal }),
  });
}

export function useSaveClientHubSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClientHubSettings) =>
      apiRequest<ClientHubSettings>('/client-hub/settings', { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });
}

// ---------------------------------------------------------------------------------------------
// The hub as the client sees it

const CATEGORY_WORD = { estimates: 'Estimate', quotes: 'Quote', proposals: 'Proposal' } as const;

const small = buttonVariants({ variant: 'outline', size: 'sm' });

function Section({
  id,
  title,
  count,
  empty,
  children,
}: {
  id: string;
  title: string;
  count?: number;
  empty: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} id={id} className="scroll-mt-4 space-y-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {count === 0 ? <p className="text-sm text-muted-foreground">{empty}</p> : children}
    </section>
  );
}

function Row({ children }: { children: ReactNode }) {
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        {children}
      </Card>
    </li>
  );
}

function VisitList({
  visits,
  timeZone,
  preview,
  label,
}: {
  visits: ClientHubVisit[];
  timeZone: string;
  preview: boolean;
  label: string;
}) {
  return (
    <ul aria-label={label} className="space-y-2">
      {visits.map((v) => (
        <Row key={v.id}>
          <div className="min-w-0">
            <p className="font-medium">{v.title}</p>
            <p className="text-sm text-muted-foreground">
              {formatInstant(v.startsAt, timeZone)}
              {v.location ? ` · ${v.location}` : ''}
            </p>
            <Badge className="mt-1 border-border bg-muted text-muted-foreground">
              {JOB_STATUS_LABELS[v.status as JobStatus] ?? v.status}
            </Badge>
          </div>
          {preview ? null : (
            <a href={v.icsUrl} className={small} download>
              <CalendarPlus aria-hidden="true" />
              Add to calendar
            </a>
          )}
        </Row>
      ))}
    </ul>
  );
}

/**
 * The client's hub: their quotes, visits, invoices and reports with the business's branding.
 * The same view serves the client and the business's preview "as the client" (read-only: no
 * calendar files, no request form).
 */
export function ClientHubView({
  hub,
  preview = false,
  requestWork,
  actions,
}: {
  hub: ClientHub;
  preview?: boolean;
  /** The "request work" form, for the client. */
  requestWork?: ReactNode;
  /** Beside the greeting (the client's sign-out). */
  actions?: ReactNode;
}) {
  showAmountsIn(hub.business.currency, hub.business.locale);
  showTimesIn(hub.business.timeZone);
  const visitCount = hub.visits.upcoming.length + hub.visits.past.length;
  const sections = [
    { id: 'hub-quotes', label: 'Quotes', count: hub.quotes.length },
    { id: 'hub-visits', label: 'Visits', count: visitCount },
    { id: 'hub-invoices', label: 'Invoices', count: hub.invoices.length },
    { id: 'hub-reports', label: 'Reports', count: hub.reports.length },
    { id: 'hub-proofs', label: 'Proof of service', count: hub.proofs.length },
    ...(requestWork ? [{ id: 'hub-request-work', label: 'Request work', count: null }] : []),
  ];
  return (
    <div className="space-y-6">
      <BusinessHeader business={hub.business} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Hello {hub.contact.firstName}</h1>
        {actions}
      </div>
      <nav aria-label="Hub sections" className="flex flex-wrap gap-2">
        {sections.map((s) => (
          <a key={s.id} href={`#${s.id}`} className={small}>
            {s.label}
            {s.count === null ? null : (
              <span className="text-muted-foreground tabular-nums">{s.count}</span>
            )}
          </a>
        ))}
      </nav>

      <Section id="hub-quotes" title="Quotes" count={hub.quotes.length} empty="No quotes yet.">
        <ul aria-label="Quotes" className="space-y-2">
          {hub.quotes.map((q) => (
            <Row key={q.id}>
              <div className="min-w-0">
                <p className="text-sm text-primary">{CATEGORY_WORD[q.category]}</p>
                <p className="font-medium">{q.title}</p>
                <p className="text-sm text-muted-foreground">
                  {formatAmount(q.amountCents)} · valid until {formatDay(q.expiresAt.slice(0, 10))}
                </p>
                <div className="mt-1">
                  <StatusBadge status={q.status} />
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <Link to={q.path} className={small}>
                  <ExternalLink aria-hidden="true" />
                  {['sent', 'viewed', 'unopened'].includes(q.status) ? 'Review and accept' : 'Open'}
                  <span className="sr-only"> {q.title}</span>
                </Link>
                <a href={q.pdfUrl} className={small} download>
                  <Download aria-hidden="true" />
                  PDF<span className="sr-only"> of {q.title}</span>
                </a>
              </div>
            </Row>
          ))}
        </ul>
      </Section>

      <Section id="hub-visits" title="Visits" count={visitCount} empty="No visits yet.">
        <div className="space-y-4">
          <div className="space-y-2">
            <h3 className="text-base font-semibold">Upcoming</h3>
            {hub.visits.upcoming.length === 0 ? (
              <p className="text-sm text-muted-foreground">No upcoming visits.</p>
            ) : (
              <VisitList
                visits={hub.visits.upcoming}
                timeZone={hub.timeZone}
                preview={preview}
                label="Upcoming visits"
              />
            )}
          </div>
          <div className="space-y-2">
            <h3 className="text-base font-semibold">Past</h3>
            {hub.visits.past.length === 0 ? (
              <p className="text-sm text-muted-foreground">No past visits.</p>
            ) : (
              <VisitList
                visits={hub.visits.past}
                timeZone={hub.timeZone}
                preview={preview}
                label="Past visits"
              />
            )}
          </div>
        </div>
      </Section>

      <Section
        id="hub-invoices"
        title="Invoices"
        count={hub.invoices.length}
        empty="No invoices yet."
      >
        <ul aria-label="Invoices" className="space-y-2">
          {hub.invoices.map((i) => (
            <Row key={i.id}>
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  Invoice {i.number} <InvoiceStatusBadge status={i.status} />
                </p>
                <p className="text-sm text-muted-foreground">
                  {formatAmount(i.totalCents)} · due {formatDay(i.dueDate)}
                  {i.balanceCents > 0 && i.balanceCents !== i.totalCents
                    ? ` · ${formatAmount(i.balanceCents)} left to pay`
                    : ''}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Link to={i.path} className={small}>
                  <ExternalLink aria-hidden="true" />
                  {i.balanceCents > 0 ? 'View and pay' : 'View'}
                  <span className="sr-only"> invoice {i.number}</span>
                </Link>
                <a href={i.pdfUrl} className={small} download>
                  <Download aria-hidden="true" />
                  PDF<span className="sr-only"> of invoice {i.number}</span>
                </a>
              </div>
            </Row>
          ))}
        </ul>
      </Section>

      <Section
        id="hub-reports"
        title="Inspection reports"
        count={hub.reports.length}
        empty="No inspection reports yet."
      >
        <ul aria-label="Inspection reports" className="space-y-2">
          {hub.reports.map((r) => (
            <Row key={r.id}>
              <div className="min-w-0">
                <p className="font-medium">{r.title}</p>
                <p className="text-sm text-muted-foreground">
                  {r.finishedAt ? formatInstant(r.finishedAt, hub.timeZone) : 'In progress'}
                  {r.passed === null ? '' : r.passed ? ' · Passed' : ' · Did not pass'}
                </p>
              </div>
              <Link to={r.path} className={small}>
                <ExternalLink aria-hidden="true" />
                Open report<span className="sr-only"> {r.title}</span>
              </Link>
            </Row>
          ))}
        </ul>
      </Section>

      <Section
        id="hub-proofs"
        title="Proof of service"
        count={hub.proofs.length}
        empty="No completed visits to show yet."
      >
        <ul aria-label="Proof of service" className="space-y-2">
          {hub.proofs.map((p) => (
            <Row key={p.path}>
              <div className="min-w-0">
                <p className="font-medium">{p.title}</p>
                <p className="text-sm text-muted-foreground">
                  {p.visitDate ? formatInstant(p.visitDate, hub.timeZone) : 'Completed'}
                </p>
              </div>
              <Link to={p.path} className={small}>
                <ExternalLink aria-hidden="true" />
                See the visit<span className="sr-only"> {p.title}</span>
              </Link>
            </Row>
          ))}
        </ul>
      </Section>

      {requestWork ? (
        <Section id="hub-request-work" title="Request work" empty="">
          {requestWork}
        </Section>
      ) : null}
    </div>
  );
}

/**
 * On a page opened by a share link: the way to the client's hub. Shown only when the link opens
 * one (a document with a contact, a link still valid); otherwise nothing.
 */
export function HubEntryLink({ token }: { token: string }) {
  const available = useHubAvailable(token);
  if (!available.data?.available) return null;
  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="text-base font-semibold">Everything in one place</h2>
        <p className="text-sm text-muted-foreground">Your quotes, visits, invoices and reports.</p>
      </div>
      <Link
        to={`/hub/${encodeURIComponent(token)}`}
        className={buttonVariants({ variant: 'outline' })}
      >
        <LayoutList aria-hidden="true" />
        See all your quotes, visits and invoices
      </Link>
    </Card>
  );
}
