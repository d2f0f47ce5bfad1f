import { formatCalendarDate, formatMoney } from '@crewdesk/domain';
import { renderMail, type MailBrand, type MailContent } from '../mail/index.ts';

/** The invoice to its client: amount due, due date, the link to view, download and pay. */
export function invoiceMail(input: {
  brand: MailBrand;
  clientName: string;
  number: string;
  balanceCents: number;
  dueDate: string;
  message: string;
  url: string;
}): MailContent {
  const paragraphs = [
    `Hello ${input.clientName},`,
    ...(input.message ? [input.message] : []),
    `${input.brand.name} sent you invoice ${input.number} for ${formatMoney(input.balanceCents, input.brand.currency, input.brand.locale)}, due ${formatCalendarDate(input.dueDate, input.brand.locale)}.`,
    'Open it to see the details, download it as a PDF, or pay it.',
  ];
  return renderMail({
    subject: `Invoice ${input.number} from ${input.brand.name}`,
    heading: `Invoice ${input.number} from ${input.brand.name}`,
    paragraphs,
    action: { label: 'View invoice', url: input.url },
    footer: `You received this e-mail because ${input.brand.name} sent you an invoice.`,
    brand: input.brand,
  });
}

/** To the business: its client opened the invoice for the first time. */
export function invoiceViewedNoticeMail(input: {
  clientName: string;
  number: string;
  url: string;
}): MailContent {
  return renderMail({
    subject: `${input.clientName} opened invoice ${input.number}`,
    heading: `${input.clientName} opened invoice ${input.number}`,
    paragraphs: [`${input.clientName} opened invoice ${input.number} for the first time.`],
    action: { label: 'Open the invoice', url: input.url },
    footer: 'You receive these e-mails as the business that sent the invoice.',
  });
}

export function invoiceAppLink(publicUrl: string, invoiceId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/invoices/${encodeURIComponent(invoiceId)}`;
}
