import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { canAccessRoute } from '@crewdesk/domain';
import { jobPath } from '@/entities/job/model/job-path';
import { apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/session/session-context';

/** Every screen the palette offers, by the name people look for; filtered by the role. */
const SCREENS: readonly { title: string; path: string; keywords?: string }[] = [
  { title: 'Home', path: '/', keywords: 'dashboard today' },
  { title: 'Reports', path: '/reports', keywords: 'revenue figures' },
  { title: 'Schedule', path: '/schedule', keywords: 'calendar' },
  { title: 'Map', path: '/map' },
  { title: 'Sales', path: '/sales', keywords: 'pipeline opportunities' },
  { title: 'Requests', path: '/quotes', keywords: 'estimates quotes proposals' },
  { title: 'Jobs', path: '/jobs', keywords: 'visits work' },
  { title: 'Tasks', path: '/tasks' },
  { title: 'Invoices', path: '/invoices', keywords: 'billing' },
  { title: 'Payments', path: '/invoices/payments' },
  { title: 'Contacts', path: '/customers', keywords: 'clients customers' },
  { title: 'Team', path: '/team', keywords: 'staff people' },
  { title: 'Time tracking', path: '/time-tracking', keywords: 'timesheets clock hours' },
  { title: 'Inventory', path: '/inventory', keywords: 'stock' },
  { title: 'Inspections', path: '/inspections', keywords: 'checklists' },
  { title: 'AI Assistant', path: '/ai-assistant', keywords: 'ask chat' },
  { title: 'Notifications', path: '/notifications' },
  { title: 'Settings', path: '/settings', keywords: 'profile business' },
  { title: 'Help', path: '/help', keywords: 'support shortcuts' },
];

interface Found {
  id: string;
  group: 'Contacts' | 'Requests' | 'Jobs' | 'Invoices';
  label: string;
  detail: string;
  path: string;
}

const MIN_SEARCH = 2;

type ListAnswer<T> = { items: T[] };

/** One list's matches; a list the role may not open answers 403 and shows nothing. */
async function find<T>(path: string, q: string, toFound: (item: T) => Found): Promise<Found[]> {
  try {
    const answer = await apiRequest<ListAnswer<T> | T[]>(
      `${path}?${new URLSearchParams({ q, limit: '5' }).toString()}`,
    );
    return (Array.isArray(answer) ? answer : answer.items).slice(0, 5).map(toFound);
  } catch {
    return [];
  }
}

async function findRecords(q: string): Promise<Found[]> {
  const lists = await Promise.all([
    find<{
      id: string;
      firstName: string;
      lastName: string;
      company: string | null;
      email: string | null;
    }>('/customers/search', q, (c) => ({
      id: c.id,
      group: 'Contacts',
      label: `${c.firstName} ${c.lastName}`.trim() || c.company || 'Contact',
      detail: c.company ?? c.email ?? '',
      path: `/customers/${c.id}`,
    })),
    find<{ id: string; title: string; client: string }>('/requests', q, (r) => ({
      id: r.id,
      group: 'Requests',
      label: r.title,
      detail: r.client,
      path: `/quotes/${r.id}`,
    })),
    find<{ id: string; kind: 'job' | 'task'; title: string; customerName: string | null }>(
      '/jobs',
      q,
      (j) => ({
        id: j.id,
        group: 'Jobs',
        label: j.title,
        detail: j.customerName ?? '',
        path: jobPath(j),
      }),
    ),
    find<{ id: string; number: string; clientName: string }>('/invoices', q, (i) => ({
      id: i.id,
      group: 'Invoices',
      label: i.number,
      detail: i.clientName,
      path: `/invoices/${i.id}`,
    })),
  ]);
  return lists.flat();
}

/** Waits for typing to pause before searching the records. */
function useSettled(value: string, ms = 200): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Jump to any screen the role may open, or find a contact, request, job or invoice by two letters
 * of it. Keyboard first (cmdk: arrows, Enter, Esc); opened by Ctrl+K (command-palette-shortcut).
 */
export function CommandPalette({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 animate-fade-in bg-foreground/40" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-[12vh] z-50 w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 animate-fade-in overflow-hidden rounded-lg border bg-background text-foreground shadow-xl outline-none"
        >
          <DialogPrimitive.Title className="sr-only">
            Go to a screen or a record
          </DialogPrimitive.Title>
          {open ? <PaletteBody onDone={() => onOpenChange(false)} /> : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function PaletteBody({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const { role, activeAccountId } = useSession();
  const [query, setQuery] = useState('');
  const term = useSettled(query.trim());
  const screens = SCREENS.filter(
    (screen) => canAccessRoute(role, activeAccountId, screen.path) === 'allowed',
  );
  const records = useQuery({
    queryKey: ['command-palette', activeAccountId, term],
    queryFn: () => findRecords(term),
    enabled: term.length >= MIN_SEARCH,
    staleTime: 30_000,
  });
  const go = (path: string) => {
    onDone();
    void navigate(path);
  };
  const found = term.length >= MIN_SEARCH ? (records.data ?? []) : [];
  const groups = ['Contacts', 'Requests', 'Jobs', 'Invoices'] as const;

  return (
    <Command label="Go to a screen or a record" className="flex flex-col">
      <Command.Input
        value={query}
        onValueChange={setQuery}
        placeholder="Type a screen, or two letters of a contact, request, job or invoice…"
        className="h-12 w-full border-b bg-transparent px-4 text-sm outline-none placeholder:text-muted-foreground"
      />
      <Command.List className="max-h-[60vh] overflow-y-auto p-2">
        <Command.Empty className="px-3 py-6 text-center text-sm text-muted-foreground">
          {records.isFetching ? 'Searching…' : 'Nothing matches.'}
        </Command.Empty>
        <Command.Group heading="Screens" className={GROUP_CLASSES}>
          {screens.map((screen) => (
            <Command.Item
              key={screen.path}
              value={`${screen.title} ${screen.keywords ?? ''}`}
              onSelect={() => go(screen.path)}
              className={ITEM_CLASSES}
            >
              {screen.title}
            </Command.Item>
          ))}
        </Command.Group>
        {groups.map((group) => {
          const items = found.filter((f) => f.group === group);
          if (items.length === 0) return null;
          return (
            <Command.Group key={group} heading={group} className={GROUP_CLASSES}>
              {items.map((item) => (
                <Command.Item
                  key={`${group}-${item.id}`}
                  // The server matched it: cmdk should not filter it out again by its own rule.
                  value={`${group} ${item.id} ${query}`}
                  onSelect={() => go(item.path)}
                  className={ITEM_CLASSES}
                >
                  <span className="truncate">{item.label}</span>
                  {item.detail ? (
                    <span className="ml-auto truncate pl-3 text-xs text-muted-foreground">
                      {item.detail}
                    </span>
                  ) : null}
                </Command.Item>
              ))}
            </Command.Group>
          );
        })}
      </Command.List>
      <p className="border-t px-4 py-2 text-xs text-muted-foreground">
        ↑ ↓ to choose, Enter to open, Esc to close
      </p>
    </Command>
  );
}

const GROUP_CLASSES =
  '[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground';
const ITEM_CLASSES =
  'flex cursor-pointer items-center rounded-md px-2 py-2 text-sm data-[selected=true]:bg-muted';
