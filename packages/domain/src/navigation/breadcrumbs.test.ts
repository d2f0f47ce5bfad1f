import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs, isIdSegment, labelForSegment } from './breadcrumbs.ts';

const UUID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

describe('isIdSegment', () => {
  it.each([
    [UUID, true],
    [UUID.toUpperCase(), true],
    ['42', true],
    ['0', true],
    ['3f2504e0-4f89-11d3-9a0c-0305e82c330', false],
    ['3f2504e0-4f89-11d3-9a0c-0305e82c33011', false],
    ['g f2504e0-4f89-11d3-9a0c-0305e82c3301', false],
    ['12a', false],
    ['-1', false],
    ['', false],
    ['new', false],
  ])('when the segment is %j, then it is an id: %s', (segment, expected) => {
    expect(isIdSegment(segment)).toBe(expected);
  });
});

describe('labelForSegment', () => {
  it.each([
    ['customers', 'Customers'],
    ['quotes', 'Quotes'],
    ['jobs', 'Jobs'],
    ['invoices', 'Invoices'],
    ['team', 'Team'],
    ['inventory', 'Inventory'],
    ['sales', 'Sales'],
    ['schedule', 'Schedule'],
    ['reports', 'Reports'],
    ['settings', 'Settings'],
    ['tasks', 'Tasks'],
    ['new', 'New'],
    ['edit', 'Edit'],
    ['details', 'Details'],
    ['view', 'View'],
    ['notifications', 'Notifications'],
    ['flow', 'Workflow'],
    ['ai-assistant', 'AI Assistant'],
  ])('when the segment is the known %s, then the label is %s', (segment, label) => {
    expect(labelForSegment(segment)).toBe(label);
  });

  it.each([
    ['customers', 'Customer Details'],
    ['quotes', 'Quote Details'],
    ['jobs', 'Job Details'],
    ['invoices', 'Invoice Details'],
    ['tasks', 'Task Details'],
    ['team', 'Team Member Details'],
    ['sales', 'Sale Details'],
    ['inventory', 'Inventory Item Details'],
    ['estimates', 'Estimate Details'],
    ['payments', 'Payment Details'],
    ['widgets', 'Details'],
    [undefined, 'Details'],
  ])('when an id sits under %s, then the label is %s', (parent, label) => {
    expect(labelForSegment('42', parent)).toBe(label);
    expect(labelForSegment(UUID, parent)).toBe(label);
  });

  it.each([
    ['time-tracking', 'Time Tracking'],
    ['payment-success', 'Payment Success'],
    ['help-center', 'Help Center'],
    ['map', 'Map'],
    ['a--b', 'A B'],
    ['cleaning%20supplies', 'Cleaning supplies'],
    ['bad%zz', 'Bad%zz'],
    ['12a', '12a'],
  ])('when the segment is the unknown %s, then the label is %s', (segment, label) => {
    expect(labelForSegment(segment)).toBe(label);
  });
});

describe('buildBreadcrumbs', () => {
  it.each([
    ['/', []],
    ['', []],
    ['/?tab=1', []],
    ['/customers', [{ label: 'Customers', path: '/customers' }]],
    ['/customers/', [{ label: 'Customers', path: '/customers' }]],
    ['/time-tracking', [{ label: 'Time Tracking', path: '/time-tracking' }]],
    [
      `/customers/${UUID}`,
      [
        { label: 'Customers', path: '/customers' },
        { label: 'Customer Details', path: `/customers/${UUID}` },
      ],
    ],
    [
      '/quotes/new',
      [
        { label: 'Quotes', path: '/quotes' },
        { label: 'New', path: '/quotes/new' },
      ],
    ],
    [
      '/invoices/payment-success?session=x',
      [
        { label: 'Invoices', path: '/invoices' },
        { label: 'Payment Success', path: '/invoices/payment-success' },
      ],
    ],
    // Deeper paths still give two crumbs: the parent is the path minus its last segment.
    [
      '/invoices/payments/17',
      [
        { label: 'Payments', path: '/invoices/payments' },
        { label: 'Payment Details', path: '/invoices/payments/17' },
      ],
    ],
    [
      '/jobs/42/edit',
      [
        { label: 'Job Details', path: '/jobs/42' },
        { label: 'Edit', path: '/jobs/42/edit' },
      ],
    ],
    [
      '/settings/flow',
      [
        { label: 'Settings', path: '/settings' },
        { label: 'Workflow', path: '/settings/flow' },
      ],
    ],
    // /inventory/items and /inventory/counts have no page: the crumb above is Inventory.
    [
      `/inventory/items/${UUID}`,
      [
        { label: 'Inventory', path: '/inventory' },
        { label: 'Inventory Item Details', path: `/inventory/items/${UUID}` },
      ],
    ],
    [
      `/inventory/counts/${UUID}`,
      [
        { label: 'Inventory', path: '/inventory' },
        { label: 'Stock take', path: `/inventory/counts/${UUID}` },
      ],
    ],
    [
      '/inventory/cleaning-supplies',
      [
        { label: 'Inventory', path: '/inventory' },
        { label: 'Cleaning Supplies', path: '/inventory/cleaning-supplies' },
      ],
    ],
  ])('when the path is %j, then the crumbs are %j', (path, crumbs) => {
    expect(buildBreadcrumbs(path)).toEqual(crumbs);
  });

  it.each([
    [
      '/customers/42',
      'Jane Doe',
      [
        { label: 'Jane Doe', path: '/customers' },
        { label: 'Customer Details', path: '/customers/42' },
      ],
    ],
    [
      '/jobs/42/edit',
      'Window job',
      [
        { label: 'Window job', path: '/jobs/42' },
        { label: 'Edit', path: '/jobs/42/edit' },
      ],
    ],
    [
      '/reports',
      'Dashboard',
      [
        { label: 'Dashboard', path: '/' },
        { label: 'Reports', path: '/reports' },
      ],
    ],
    ['/', 'Dashboard', []],
    // An empty name is no name.
    [
      '/customers/42',
      '',
      [
        { label: 'Customers', path: '/customers' },
        { label: 'Customer Details', path: '/customers/42' },
      ],
    ],
  ])(
    'when %s is opened with parent name %j, then the crumbs are %j',
    (path, parentName, crumbs) => {
      expect(buildBreadcrumbs(path, { parentName })).toEqual(crumbs);
    },
  );
});
