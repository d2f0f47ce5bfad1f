import { rolesForRoute, type SidebarEntry } from './access.ts';

// Apart from access.ts so that only the menu that shows them (loaded after the first screen)
// carries them: the first screen's code has a budget.

/**
 * Screens the spec's sidebar table does not list, shown after its groups so that every module can
 * be found (issue 42): each only to the roles its route lets in (PROTECTED_ROUTE_PATTERNS, the
 * one source of who may open it), never locked.
 */
const MORE_ENTRIES: readonly Omit<SidebarEntry, 'roles'>[] = [
  { key: 'time-tracking', title: 'Time tracking', path: '/time-tracking' },
  { key: 'inspections', title: 'Inspections', path: '/inspections' },
  { key: 'notifications', title: 'Notifications', path: '/notifications' },
  // The header's button is for wide screens; a phone reaches the assistant from its menu.
  { key: 'ai-assistant', title: 'AI assistant', path: '/ai-assistant' },
];

/** The entries after the spec's sidebar groups, each with the roles of its route. */
export const SIDEBAR_MORE_ENTRIES: readonly SidebarEntry[] = MORE_ENTRIES.map((entry) => ({
  ...entry,
  roles: rolesForRoute(entry.path),
}));
