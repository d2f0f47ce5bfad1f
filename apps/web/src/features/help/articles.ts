import {
  ADDITIONAL_SERVICES,
  BASE_HOURLY_RATE,
  CALCULATOR_DEFAULTS,
  calculateEstimate,
  canAccessRoute,
  canOpenSidebarEntry,
  CLEANING_FREQUENCIES,
  CUSTOMER_SOURCE_OPTIONS,
  DEFAULT_JOB_TIME,
  FREQUENCY_MULTIPLIERS,
  JOB_TYPES,
  LABOUR_COST_PER_HOUR,
  MINIMUM_ESTIMATED_HOURS,
  SIMILAR_VISITS_NEEDED,
  optionLabel,
  PASSWORD_MIN_LENGTH,
  REQUEST_EXPIRY_DAYS,
  ROLE_LABELS,
  ROLES,
  SIDEBAR_GROUPS,
  TIME_SLOT_GROUPS,
} from '@crewdesk/domain';
import { formatAmount } from '@/lib/money';

export type HelpBlock =
  | { kind: 'p'; text: string }
  | { kind: 'h'; text: string }
  | { kind: 'list'; items: readonly string[]; ordered?: boolean }
  | {
      kind: 'table';
      caption: string;
      head: readonly string[];
      rows: readonly (readonly string[])[];
    }
  | { kind: 'code'; text: string };

export interface HelpArticle {
  slug: string;
  title: string;
  summary: string;
  /** Set while the article describes a module that is not in this version yet. */
  arrivesWith?: string;
  keywords: readonly string[];
  blocks: readonly HelpBlock[];
}

// Any id will do: the permission tables only need "an account exists".
const SOME_ACCOUNT = 'account';

const sidebarEntries = SIDEBAR_GROUPS.flatMap((group) => group.entries);

function sidebarAccessRows(): string[][] {
  return ROLES.map((role) => {
    const open = sidebarEntries.filter((entry) => canOpenSidebarEntry(role, SOME_ACCOUNT, entry));
    return [
      ROLE_LABELS[role],
      open.length === 0 ? 'None' : open.map((entry) => entry.title).join(', '),
    ];
  });
}

const OTHER_PAGES = [
  { title: 'Map', path: '/map' },
  { title: 'Inspections', path: '/inspections' },
  { title: 'Time tracking', path: '/time-tracking' },
  { title: 'Settings', path: '/settings' },
  { title: 'Notifications', path: '/notifications' },
] as const;

function otherPageRows(): string[][] {
  return OTHER_PAGES.map((page) => {
    const roles = ROLES.filter(
      (role) => canAccessRoute(role, SOME_ACCOUNT, page.path) === 'allowed',
    );
    return [
      page.title,
      roles.length === ROLES.length
        ? 'Everyone'
        : roles.map((role) => ROLE_LABELS[role]).join(', '),
    ];
  });
}

const example = calculateEstimate(CALCULATOR_DEFAULTS);
const percent = (multiplier: number) => `${Math.round(multiplier * 100)}%`;

export const HELP_ARTICLES: readonly HelpArticle[] = [
  {
    slug: 'getting-started',
    title: 'Getting started with Crewdesk',
    summary:
      'What Crewdesk does, how the screen is laid out, and the four steps from first contact to paid invoice.',
    keywords: ['start', 'sidebar', 'menu', 'create new', 'breadcrumbs', 'home', 'overview'],
    blocks: [
      {
        kind: 'p',
        text: 'Crewdesk runs a service business — cleaning, inspection, maintenance — from the first request to the paid invoice: contacts, estimates and quotes, jobs and the schedule, invoices, inventory, your team and their hours.',
      },
      { kind: 'h', text: 'Finding your way' },
      {
        kind: 'list',
        items: [
          'The sidebar on the left lists the modules. Collapse it to an icon rail with the button at its bottom; hover or focus an icon to see its name. On a phone, open it with the menu button at the top left.',
          'Entries your role may not open are dimmed and carry a lock. Ask the owner of the account if you need them.',
          'The header shows the account you are working in, where you are (breadcrumbs: click the first one to go up a level) and the Create New menu.',
          'Your avatar at the top right opens your menu: Profile, Settings, Support and Sign out.',
        ],
      },
      { kind: 'h', text: 'The four steps' },
      {
        kind: 'list',
        ordered: true,
        items: [
          'Add a contact: the client you work for.',
          'Create an estimate with the price calculator and send it; the client accepts it online.',
          'Schedule the job, once or on a repeating schedule, and assign it to your team.',
          'Send the invoice when the work is done, and record the payment.',
        ],
      },
      {
        kind: 'p',
        text: 'Crewdesk grows module by module. Screens whose module has not arrived yet say what they will hold; nothing on them is made up.',
      },
    ],
  },
  {
    slug: 'accounts-and-sign-in',
    title: 'Signing in, accounts and switching between them',
    summary:
      'Creating an account, signing in and out, and working in more than one business account.',
    keywords: [
      'sign up',
      'sign in',
      'login',
      'logout',
      'password',
      'account switcher',
      'personal',
      'team',
      'session',
    ],
    blocks: [
      {
        kind: 'p',
        text: `Create an account on the sign-in page with your e-mail address and a password of at least ${PASSWORD_MIN_LENGTH} characters that is hard to guess: a few uncommon words work well, your own name, e-mail address or business name do not. Your first and last name and your business name are optional. Signing up also creates a business account that you own.`,
      },
      {
        kind: 'p',
        text: 'You stay signed in through a secure cookie that scripts on the page cannot read. Signing out ends your sessions on every device and clears the account you had selected in this browser.',
      },
      { kind: 'h', text: 'Several business accounts' },
      {
        kind: 'p',
        text: 'You can belong to several business accounts, with one role in each. The button at the left of the header shows the account you are working in and your role there. Open it to search your accounts and pick another one; the page reloads in that account.',
      },
      {
        kind: 'p',
        text: 'Accounts are listed in two groups: Personal Account (an account whose name contains “Personal”, or where you are a plain member) and Team Accounts (all the others).',
      },
    ],
  },
  {
    slug: 'team-roles',
    title: 'Team roles and what each role can open',
    summary:
      'The ten roles, which sidebar entries and pages each one can open, and who always has access.',
    keywords: [
      'role',
      'permission',
      'access denied',
      'owner',
      'admin',
      'manager',
      'sales',
      'team leader',
      'lock',
    ],
    blocks: [
      {
        kind: 'p',
        text: 'Everyone in a business account has one role in it. The role decides which screens you can open; the server checks the same rules on every request, so a hidden screen is also closed to direct links. Opening a page your role may not see shows Access Denied and takes you back home.',
      },
      {
        kind: 'p',
        text: 'The owner can open everything. Everyone else gets what the tables below say.',
      },
      {
        kind: 'table',
        caption: 'Sidebar entries each role can open',
        head: ['Role', 'Can open'],
        rows: sidebarAccessRows(),
      },
      { kind: 'table', caption: 'Other pages', head: ['Page', 'Open to'], rows: otherPageRows() },
      {
        kind: 'p',
        text: 'Only admins and managers see the business summary of an estimate: its cost, profit and margin.',
      },
    ],
  },
  {
    slug: 'contacts',
    title: 'Contacts: your clients and leads',
    summary: 'What a contact holds, how to find one, and importing and exporting them.',
    keywords: [
      'customer',
      'client',
      'lead',
      'import',
      'export',
      'csv',
      'search',
      'address',
      'source',
      'client hub',
      'client link',
      'revoke',
    ],
    blocks: [
      {
        kind: 'p',
        text: 'A contact is a person or company you work for. It holds first and last name, e-mail, phone and company; whether it is a commercial or residential customer; where it came from; the address with city, state and zip; WhatsApp, Facebook and Instagram; and the team member it is assigned to.',
      },
      {
        kind: 'list',
        items: [`Sources: ${CUSTOMER_SOURCE_OPTIONS.map((o) => o.label).join(', ')}.`],
      },
      {
        kind: 'p',
        text: 'First and last name need at least 2 characters each, the e-mail must be valid and the phone number at least 10 characters. Typing an address suggests places and fills in city, state and zip.',
      },
      {
        kind: 'p',
        text: 'Search finds contacts by name, company or e-mail from the second character you type and shows the five best matches; with nothing typed, it shows your five most recent contacts.',
      },
      {
        kind: 'p',
        text: 'Each contact’s page shows its details, notes and where it is, and will list the requests, jobs and invoices linked to it as those modules arrive. Deleting a contact with linked work archives it instead, so the work keeps its client.',
      },
      {
        kind: 'p',
        text: 'Export CSV downloads every contact. Import CSV reads a file with a header row (up to 10,000 rows): match its columns to the contact fields, check the rows — each one with a problem is listed — and import either nothing until every row is fixed, or only the valid rows.',
      },
      {
        kind: 'p',
        text: 'Every link you send a contact (an estimate, an invoice, an inspection report) opens its own page at once, and also their client hub: all their quotes to accept and sign, their visits upcoming and past (each one can be added to a calendar), their invoices to pay or download, their inspection reports, and a form to request more work. Before the hub opens, the client asks for a one-time code, sent to the e-mail (or by text to the phone) on the contact; the code works for 10 minutes and gives a 30-minute session. The hub shows nothing internal: no notes, costs or team details.',
      },
      {
        kind: 'p',
        text: 'On the contact’s page, managers can Preview hub as client, to see exactly what the client sees, and Revoke all client links: every link sent to that contact stops working at once and their session ends; links you send afterwards work as usual. Settings > Client links sets how many days a link opens the hub after it was sent (90 unless you change it); the document’s own page stays open.',
      },
    ],
  },
  {
    slug: 'estimates-and-pricing',
    title: 'Estimates, quotes and the price calculator',
    summary:
      'How the calculator prices cleaning work, what it costs you, and how estimates reach your client.',
    keywords: [
      'quote',
      'estimate',
      'proposal',
      'price',
      'calculator',
      'margin',
      'profit',
      'cost',
      'frequency',
      'tools',
      'share',
      'expire',
    ],
    blocks: [
      {
        kind: 'p',
        text: 'Requests are the estimates, quotes and proposals you send. The calculator prices the work in three steps — Basic Info, Advanced Info and Client Info — and you can move between the steps freely.',
      },
      { kind: 'h', text: 'The price' },
      {
        kind: 'code',
        text: 'price = ($0.05 × square feet + $25 × bathrooms + $20 × rooms + selected services) × frequency multiplier',
      },
      {
        kind: 'table',
        caption: 'Frequency multipliers',
        head: ['Frequency', 'Multiplier'],
        rows: CLEANING_FREQUENCIES.map((f) => [
          optionLabel(f),
          `${FREQUENCY_MULTIPLIERS[f]} (${percent(FREQUENCY_MULTIPLIERS[f])})`,
        ]),
      },
      {
        kind: 'table',
        caption: 'Additional services',
        head: ['Service', 'Adds'],
        rows: ADDITIONAL_SERVICES.map((s) => [s.name, formatAmount(s.rateCents)]),
      },
      { kind: 'h', text: 'Your cost, profit and margin' },
      {
        kind: 'list',
        items: [
          `Estimated hours = price ÷ $${BASE_HOURLY_RATE}, rounded, at least ${MINIMUM_ESTIMATED_HOURS}.`,
          `Labor cost = hours × $${LABOUR_COST_PER_HOUR} (half the $${BASE_HOURLY_RATE} base rate).`,
          'Tools: a basic cleaning kit ($15) always; a vacuum cleaner ($8) for homes or carpeted areas; a steam cleaner ($25) with deep cleaning; a window cleaning kit ($12) with window cleaning; a carpet cleaner ($30) with carpet cleaning; cleaning solution at $5 per started 1,000 sq ft; a bathroom kit at $10 per started two bathrooms. Tools are your cost: the client never pays for them.',
          'Total cost = labor + tools. Profit = price − total cost. Margin = profit ÷ price, as a whole percent: green at 20% or more, amber from 10% to 19%, red below 10%.',
          `Once your team has timed ${SIMILAR_VISITS_NEEDED} or more completed visits of the same property type and size band, the Business Summary says what they really took against the formula's hours, and you may plan this estimate with that instead. Only the labor cost, profit and margin change; the price stays the formula's, and nothing changes unless you apply it.`,
        ],
      },
      {
        kind: 'p',
        text: `Example — the calculator’s starting values (a one-time clean of a 1,000 sq ft home with 1 room and 1 bathroom): price ${formatAmount(example.priceCents)}, ${example.estimatedHours} hours, labor ${formatAmount(example.labourCostCents)}, tools ${formatAmount(example.toolsCostCents)}, total cost ${formatAmount(example.totalCostCents)}, profit ${formatAmount(example.profitCents)}, margin ${example.profitMarginPercent}% (${example.marginBand}). Small one-time jobs earn little: add services or raise the frequency.`,
      },
      { kind: 'h', text: 'Sending it' },
      {
        kind: 'p',
        text: `Saving with a client e-mail sends the estimate with a private link; the client opens it without an account and accepts it with a typed signature or declines it. A new request starts as unopened, and it expires ${REQUEST_EXPIRY_DAYS} days after it was created. Clients never see your cost, profit, margin or tools.`,
      },
      {
        kind: 'p',
        text: 'Sent, viewed, accepted and declined show on the request’s page with the time of each; the client’s typed name, the time, their IP address and browser are kept with an acceptance. If the e-mail cannot be sent the request is still saved: open it and use Resend, or Copy link to send the link yourself. Download PDF gives the same page as a file.',
      },
      { kind: 'h', text: 'Proposals' },
      {
        kind: 'p',
        text: 'A proposal offers the client three options priced by the calculator: Basic (the visit without extra services), Standard (as you entered it) and Deep (plus Deep Cleaning). The client picks one when accepting, and its price becomes the proposal’s amount.',
      },
      { kind: 'h', text: 'The request form for your website' },
      {
        kind: 'p',
        text: 'Settings → Business profile shows your request form’s link (/request/ followed by your business’s short name). A visitor who fills it in is added to your contacts, or matched by e-mail, and their request appears under Requests → Estimates as an inquiry, ready to price.',
      },
    ],
  },
  {
    slug: 'jobs-and-schedule',
    title: 'Jobs and the schedule',
    summary: 'Scheduling one-time and recurring jobs, assigning them, and the calendar.',
    keywords: [
      'job',
      'schedule',
      'calendar',
      'recurring',
      'weekly',
      'assign',
      'task',
      'time',
      'visit',
    ],
    blocks: [
      {
        kind: 'p',
        text: `A job has a client, a title, an assignee (or Unassigned), a date and time, a location, a type (${JOB_TYPES.join(', ')}), a price in dollars, a frequency and notes. Title and location are required, and picking the client copies their address into the location.`,
      },
      {
        kind: 'p',
        text: `New jobs start at ${DEFAULT_JOB_TIME}. Times are offered in half-hour steps: ${TIME_SLOT_GROUPS.map((g) => `${g.label.toLowerCase()} ${g.slots[0] ?? ''} to ${g.slots.at(-1) ?? ''}`).join(', ')}.`,
      },
      {
        kind: 'p',
        text: 'Frequency is one-time, weekly, bi-weekly or monthly; anything but one-time makes the job recurring. Tasks are smaller pieces of work and open the same detail page as jobs.',
      },
      {
        kind: 'p',
        text: 'The schedule shows day, week, month and team calendars; drag a visit to move it or hand it to someone else. On a phone, the field team ticks off checklists, adds photos and notes, and records time on site.',
      },
    ],
  },
  {
    slug: 'invoices-and-payments',
    title: 'Invoices and payments',
    summary: 'Invoicing finished work, recording payments and chasing overdue invoices.',
    keywords: [
      'invoice',
      'payment',
      'bill',
      'overdue',
      'reminder',
      'tax',
      'discount',
      'pdf',
      'paid',
    ],
    blocks: [
      {
        kind: 'p',
        text: 'Turn a finished job or an accepted quote into a numbered invoice in one click, or invoice several jobs at once. Invoices have line items, tax and discounts, and each one has a PDF.',
      },
      {
        kind: 'p',
        text: 'Record full or partial payments and tips by hand. When the operator configures a payment provider, clients can also pay online from the invoice link. Overdue invoices get reminders, and the history tab lists everything that happened to each invoice.',
      },
    ],
  },
  {
    slug: 'self-hosting',
    title: 'Running your own installation: settings, upgrades and backups',
    summary:
      'Starting Crewdesk, the settings it reads from the environment, and how to back it up.',
    keywords: [
      'install',
      'self-host',
      'server',
      'backup',
      'restore',
      'postgres',
      'database',
      'port',
      'environment',
      'upgrade',
      'https',
    ],
    blocks: [
      {
        kind: 'p',
        text: 'Crewdesk needs Node.js 20.19 or later with npm to install, and nothing else: npm install brings the Node.js 24 it runs on, and it ships with an embedded PostgreSQL database. From the source folder:',
      },
      { kind: 'code', text: 'npm install\nnpm start' },
      {
        kind: 'p',
        text: 'It listens on port 3000 and keeps its database in ./data. Everything else is read from environment variables:',
      },
      {
        kind: 'table',
        caption: 'Settings',
        head: ['Variable', 'What it does'],
        rows: [
          ['PORT, HOST', 'Where the server listens (3000 on all interfaces by default).'],
          [
            'DATA_DIR',
            'Folder of the embedded database and the generated secret (./data by default).',
          ],
          [
            'DATABASE_URL',
            'postgres://… to use your own PostgreSQL server instead of the embedded database.',
          ],
          [
            'PUBLIC_URL',
            'The address people use to reach Crewdesk, such as https://crew.example.com.',
          ],
          [
            'AUTH_SECRET',
            'Secret for signing sessions (32+ characters); generated and kept in DATA_DIR if unset.',
          ],
          ['TRUST_PROXY', 'true when Crewdesk runs behind a reverse proxy that terminates HTTPS.'],
          [
            'LOG_LEVEL',
            'How much the server logs: fatal, error, warn, info (default), debug, trace or silent.',
          ],
        ],
      },
      {
        kind: 'p',
        text: 'Put it behind a reverse proxy with HTTPS (Caddy, nginx, Traefik) before people sign in over the internet.',
      },
      { kind: 'h', text: 'Backups' },
      {
        kind: 'list',
        items: [
          'Embedded database: stop Crewdesk, copy the whole DATA_DIR folder somewhere safe, start it again. Restore by putting the copy back while Crewdesk is stopped. Never run two servers on the same DATA_DIR.',
          'Your own PostgreSQL: back up with pg_dump (for example nightly) and restore with pg_restore or psql.',
          'Keep a copy off the machine, and try a restore now and then.',
        ],
      },
      {
        kind: 'p',
        text: 'Upgrading: back up, fetch the new version, run npm install and start it; database changes are applied automatically at start.',
      },
    ],
  },
  {
    slug: 'keyboard',
    title: 'Keyboard shortcuts',
    summary: 'Jump to any screen or record without the mouse.',
    keywords: ['keyboard', 'shortcut', 'command', 'palette', 'search', 'ctrl', 'cmd', 'jump'],
    blocks: [
      {
        kind: 'table',
        caption: 'Shortcuts',
        head: ['Keys', 'What they do'],
        rows: [
          [
            'Ctrl+K (⌘K on a Mac)',
            'Opens the command palette: type a screen’s name, or two letters of a contact, request, job or invoice, then Enter',
          ],
          ['↑ ↓ then Enter', 'Picks an entry in the palette, a menu or a list of suggestions'],
          ['Esc', 'Closes the palette, a dialog or a menu'],
          ['Tab, Shift+Tab', 'Moves between fields and buttons'],
          ['Enter in the assistant', 'Sends the message (Shift+Enter starts a new line)'],
        ],
      },
      {
        kind: 'p',
        text: 'The palette only lists the screens and records your role may open.',
      },
    ],
  },
  {
    slug: 'your-data',
    title: 'Your data, privacy and exporting it',
    summary:
      'Where your data lives, what leaves the server (nothing, by default) and how to get it all out.',
    keywords: [
      'export',
      'data',
      'privacy',
      'gdpr',
      'csv',
      'delete',
      'telemetry',
      'tracking',
      'download',
    ],
    blocks: [
      {
        kind: 'p',
        text: 'Everything you enter lives in the installation’s own database and belongs to the business account you entered it in; every record carries that account, and other accounts cannot see it. Crewdesk sends no telemetry and loads nothing from other sites. Outside services — e-mail, payments, maps, AI — are only used when the operator switches them on.',
      },
      {
        kind: 'p',
        text: 'An owner or admin downloads the whole business from Settings > Data: one archive with every record as JSON, the main lists as CSV, the uploaded pictures and a manifest with checksums. Another Crewdesk installation imports it back (Settings > Data on a new business): it is checked first, then imported whole or not at all. The installation’s operator also keeps full backups (see “Running your own installation”). Contacts and every report can be exported as CSV from their screens.',
      },
      {
        kind: 'p',
        text: 'To see, correct or delete personal data, write to the operator of your installation through the contact page.',
      },
    ],
  },
];

export function articleText(article: HelpArticle): string {
  const parts: string[] = [article.title, article.summary, ...article.keywords];
  for (const block of article.blocks) {
    if (block.kind === 'list') parts.push(...block.items);
    else if (block.kind === 'table') parts.push(block.caption, ...block.head, ...block.rows.flat());
    else parts.push(block.text);
  }
  return parts.join(' ').toLowerCase();
}

/** Every word of the query must appear; matches in the title, then the summary, then the keywords rank first. */
export function searchArticles(articles: readonly HelpArticle[], query: string): HelpArticle[] {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0) return [...articles];
  const scored: { article: HelpArticle; score: number }[] = [];
  for (const article of articles) {
    const text = articleText(article);
    if (!words.every((word) => text.includes(word))) continue;
    const title = article.title.toLowerCase();
    const summary = article.summary.toLowerCase();
    const keywords = article.keywords.join(' ').toLowerCase();
    const score = words.reduce(
      (sum, word) =>
        sum +
        (title.includes(word) ? 4 : 0) +
        (summary.includes(word) ? 2 : 0) +
        (keywords.includes(word) ? 1 : 0),
      0,
    );
    scored.push({ article, score });
  }
  // Array.prototype.sort is stable: equal scores keep the articles' order.
  return scored.sort((a, b) => b.score - a.score).map((entry) => entry.article);
}
