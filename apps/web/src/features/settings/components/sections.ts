import {
  Archive,
  Building2,
  ClipboardCheck,
  CreditCard,
  Link2,
  Bell,
  FileCheck2,
  Mail,
  Package,
  ReceiptText,
  ShieldCheck,
  UserRound,
  UsersRound,
  Webhook,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

export const SETTINGS_SECTIONS = [
  {
    id: 'profile',
    label: 'Profile',
    icon: UserRound,
    description: 'Your name and photo, as your team and clients see them.',
  },
  {
    id: 'security',
    label: 'Security',
    icon: ShieldCheck,
    description:
      'Your password, the devices signed in to your account, two-factor sign-in and access tokens for your own assistant.',
  },
  {
    id: 'notifications',
    label: 'Notifications',
    icon: Bell,
    description: 'What you are told about, and whether in the app, by e-mail or by text.',
  },
  {
    id: 'business',
    label: 'Business profile',
    icon: Building2,
    description: 'The business behind this account, as estimates and invoices show it.',
  },
  {
    id: 'team',
    label: 'Team and roles',
    icon: UsersRound,
    description: 'Who works in this account and what each role may open.',
  },
  {
    id: 'invoices',
    label: 'Invoices',
    icon: ReceiptText,
    description: 'Invoice numbers, the defaults of a new invoice, reminders and online payment.',
  },
  {
    id: 'client-links',
    label: 'Client links',
    icon: Link2,
    description:
      'How long the links you send clients open their hub of quotes, visits and invoices.',
  },
  {
    id: 'inspection-templates',
    label: 'Inspection templates',
    icon: ClipboardCheck,
    description: 'The checklists your team fills in on a visit or at a site, and how they score.',
  },
  {
    id: 'inventory',
    label: 'Inventory',
    icon: Package,
    description: 'The rules your stock follows.',
  },
  {
    id: 'proof-of-service',
    label: 'Proof of service',
    icon: FileCheck2,
    description: 'How long a client has to confirm a completed visit or report a problem.',
  },
  {
    id: 'integrations',
    label: 'Integrations',
    icon: Webhook,
    description:
      'The AI assistant’s model and activity, and this business’s events sent to other systems (webhooks).',
  },
  {
    id: 'plan',
    label: 'Plan',
    icon: CreditCard,
    description: 'The plan this business account is on.',
  },
  {
    id: 'data',
    label: 'Data',
    icon: Archive,
    description: 'Export everything this business holds as one archive, or import one.',
  },
  {
    id: 'email-outbox',
    label: 'E-mail outbox',
    icon: Mail,
    description: 'The e-mails Crewdesk sends for this account.',
  },
] as const satisfies readonly {
  id: string;
  label: string;
  icon: LucideIcon;
  description: string;
}[];

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]['id'];

export function toSectionId(value: string | null): SettingsSectionId {
  return SETTINGS_SECTIONS.find((section) => section.id === value)?.id ?? 'profile';
}
