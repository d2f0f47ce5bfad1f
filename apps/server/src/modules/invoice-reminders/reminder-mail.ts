import { daysBetween, formatCalendarDate, formatMoney } from '@crewdesk/domain';
import { renderMail, type MailBrand, type MailContent } from '../mail/index.ts';

/**
 * A reminder to the client of an unpaid invoice: overdue, due today, or due on a day to come
 * (a step before the due date), with the balance and the link to view and pay it.
 */
export function reminderMail(input: {
  brand: MailBrand;
  clientName: string;
  number: string;
  balanceCents: number;
  dueDate: string;
  /** The business's today: whether the invoice is overdue is read against it. */
  today: string;
  url: string;
}): MailContent {
  const late = daysBetween(input.dueDate, input.today);
  // '2026-11-30' → 'Nov 30, 2026' in en-US, '30 Nov 2026' in en-GB.
  const due = formatCalendarDate(input.dueDate, input.brand.locale, 'medium');
  const balance = formatMoney(input.balanceCents, input.brand.currency, input.brand.locale);
  const state = late > 0 ? 'is overdue' : late === 0 ? 'is due today' : `is due on ${due}`;
  const summary =
    late > 0
      ? `Invoice ${input.number} from ${input.brand.name} was due on ${due}, and ${balance} is still unpaid.`
      : `Invoice ${input.number} from ${input.brand.name} for ${balance} ${state}.`;
  return renderMail({
    subject: `Reminder: invoice ${input.number} ${state}`,
    heading: `Invoice ${input.number} ${state}`,
    paragraphs: [
      `Hello ${input.clientName},`,
      summary,
      `Balance due: ${balance}. Due date: ${due}.`,
      'Open the invoice to see the details, download it as a PDF, or pay it. If you have already paid, thank you, and please ignore this reminder.',
    ],
    action: { label: 'View invoice', url: input.url },
    footer: `You received this e-mail because ${input.brand.name} sent you an invoice that is not paid yet.`,
    brand: input.brand,
  });
}
