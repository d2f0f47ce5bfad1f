export interface Breadcrumb {
  label: string;
  path: string;
}

const KNOWN_LABELS: Readonly<Record<string, string>> = {
  customers: 'Customers',
  quotes: 'Quotes',
  jobs: 'Jobs',
  invoices: 'Invoices',
  team: 'Team',
  inventory: 'Inventory',
  sales: 'Sales',
  schedule: 'Schedule',
  reports: 'Reports',
  settings: 'Settings',
  tasks: 'Tasks',
  new: 'New',
  edit: 'Edit',
  details: 'Details',
  view: 'View',
  notifications: 'Notifications',
  flow: 'Workflow',
  'ai-assistant': 'AI Assistant',
  visits: 'My visits',
};

// The spec gives one example (Customer Details); the rest follow the same shape.
const SINGULAR_OF_PARENT: Readonly<Record<string, string>> = {
  customers: 'Customer',
  quotes: 'Quote',
  jobs: 'Job',
  invoices: 'Invoice',
  tasks: 'Task',
  team: 'Team Member',
  sales: 'Sale',
  inventory: 'Inventory Item',
  estimates: 'Estimate',
  payments: 'Payment',
  inspections: 'Inspection',
  items: 'Inventory Item',
  visits: 'Visit',
};

/** A record's page whose label is not "<Singular> Details": a location's stock-take. */
const LABEL_OF_ID_UNDER: Readonly<Record<string, string>> = {
  counts: 'Stock take',
};

/**
 * Folders of a path that have no page of their own (/inventory/items/:id, issue 21): the crumb
 * above their records is the page above them.
 */
const PAGELESS_PARENTS: ReadonlySet<string> = new Set(['/inventory/items', '/inventory/counts']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DIGITS = /^\d+$/;

export function isIdSegment(segment: string): boolean {
  return UUID.test(segment) || DIGITS.test(segment);
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape is still a usable label as typed.
    return segment;
  }
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function labelForSegment(segment: string, parentSegment?: string): string {
  const known = KNOWN_LABELS[segment];
  if (known !== undefined) return known;
  if (isIdSegment(segment)) {
    const own = parentSegment === undefined ? undefined : LABEL_OF_ID_UNDER[parentSegment];
    if (own !== undefined) return own;
    const singular = parentSegment === undefined ? undefined : SINGULAR_OF_PARENT[parentSegment];
    return singular === undefined ? 'Details' : `${singular} Details`;
  }
  return decode(segment)
    .split('-')
    .filter((word) => word !== '')
    .map(capitalise)
    .join(' ');
}

/**
 * The header shows at most two crumbs (parent and current), never the full
 * trail: that is the spec's rule, not a rendering limit.
 */
export function buildBreadcrumbs(
  pathname: string,
  options?: { parentName?: string },
): Breadcrumb[] {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  const segments = path.split('/').filter((s) => s !== '');
  const last = segments.at(-1);
  if (last === undefined) return [];

  let parentSegments = segments.slice(0, -1);
  if (PAGELESS_PARENTS.has('/' + parentSegments.join('/'))) {
    parentSegments = parentSegments.slice(0, -1);
  }
  const parentPath = '/' + parentSegments.join('/');
  const current: Breadcrumb = {
    label: labelForSegment(last, segments.at(-2)),
    path: '/' + segments.join('/'),
  };

  if (options?.parentName !== undefined && options.parentName !== '') {
    return [{ label: options.parentName, path: parentPath }, current];
  }
  const parentLast = parentSegments.at(-1);
  if (parentLast === undefined) return [current];
  return [{ label: labelForSegment(parentLast, parentSegments.at(-2)), path: parentPath }, current];
}
