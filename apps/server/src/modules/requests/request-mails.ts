import { formatMoney } from '@crewdesk/domain';
import type { BusinessBrand } from '../business-profile/index.ts';
import { renderMail, type MailBrand, type MailContent } from '../mail/index.ts';

/** News for the business comes from the product, not from the business's own name. */
export const NOTICE_SENDER_NAME = 'Crewdesk';

function base(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, '');
}

/** The client's link to the shared estimate (the web app's /shared/{id} page). */
export function shareLink(publicUrl: string, shareToken: string): string {
  return `${base(publicUrl)}/shared/${encodeURIComponent(shareToken)}`;
}

/** Where the business opens the request in the app. */
export function requestLink(publicUrl: string, requestId: string): string {
  return `${base(publicUrl)}/quotes/${encodeURIComponent(requestId)}`;
}

/** The business's branding for a mail; the logo through a public URL a mail client can load. */
export function mailBrand(brand: BusinessBrand, absoluteLogoUrl: string | null): MailBrand {
  return {
    name: brand.name,
    currency: brand.currency,
    locale: brand.locale,
    logoUrl: brand.logo ? absoluteLogoUrl : null,
    contactLines: [brand.phone, brand.email, brand.website, brand.address].filter(
      (line): line is string => Boolean(line),
    ),
  };
}

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The spec's send-estimate-email: the estimate (or quote) with its amount, expiry and link. */
export function estimateMail(input: {
  brand: MailBrand;
  clientName: string;
  /** 'Estimate' or 'Quote' (spec: the word Quote replaces Estimate in quote mode). */
  word: 'Estimate' | 'Quote';
  amountCents: number;
  /** The expiry date as the client reads it ('March 3, 2026'). */
  validUntil: string;
  url: string;
}): MailContent {
  const word = input.word.toLowerCase();
  return renderMail({
    subject: `Your ${word} from ${input.brand.name}`,
    heading: `Your ${word} from ${input.brand.name}`,
    paragraphs: [
      `Hello ${input.clientName},`,
      `${input.brand.name} sent you ${word === 'estimate' ? 'an' : 'a'} ${word} for ${formatMoney(input.amountCents, input.brand.currency, input.brand.locale)}.`,
      `It is valid until ${input.validUntil}. Open it to see the details, download it as a PDF, and accept or decline it.`,
    ],
    action: { label: `View ${word}`, url: input.url },
    footer: `You received this e-mail because ${input.brand.name} prepared ${word === 'estimate' ? 'an' : 'a'} ${word} for you.`,
    brand: input.brand,
  });
}

const NOTICE_FOOTER = 'You receive these e-mails as the business that sent the estimate.';

/** To the business: its client opened the share page for the first time. */
export function viewedNoticeMail(input: {
  clientName: string;
  word: string;
  title: string;
  url: string;
}): MailContent {
  return renderMail({
    subject: `${input.clientName} opened your ${input.word}`,
    heading: `${input.clientName} opened your ${input.word}`,
    paragraphs: [`${input.clientName} opened “${input.title}” for the first time.`],
    action: { label: `Open the ${input.word}`, url: input.url },
    footer: NOTICE_FOOTER,
  });
}

/** To the business: the client accepted (and for a proposal, chose an option). */
export function acceptedNoticeMail(input: {
  clientName: string;
  signedName: string;
  word: string;
  title: string;
  amountCents: number;
  currency: string;
  optionName: string | null;
  url: string;
}): MailContent {
  return renderMail({
    subject: `${input.clientName} accepted your ${input.word}`,
    heading: `${capitalized(input.word)} accepted`,
    paragraphs: [
      `${input.clientName} accepted “${input.title}”${input.optionName ? `, choosing ${input.optionName},` : ''} for ${formatMoney(input.amountCents, input.currency)}.`,
      `Signed with the typed name: ${input.signedName}.`,
    ],
    action: { label: `Open the ${input.word}`, url: input.url },
    footer: NOTICE_FOOTER,
  });
}

/** To the business: the client declined, with their reason. */
export function declinedNoticeMail(input: {
  clientName: string;
  word: string;
  title: string;
  reason: string;
  url: string;
}): MailContent {
  return renderMail({
    subject: `${input.clientName} declined your ${input.word}`,
    heading: `${capitalized(input.word)} declined`,
    paragraphs: [`${input.clientName} declined “${input.title}”.`, `Their reason: ${input.reason}`],
    action: { label: `Open the ${input.word}`, url: input.url },
    footer: NOTICE_FOOTER,
  });
}

/** To the business: someone sent the public request form. */
export function newRequestNoticeMail(input: {
  clientName: string;
  serviceName: string;
  email: string;
  phone: string | null;
  address: string | null;
  message: string | null;
  url: string;
}): MailContent {
  return renderMail({
    subject: `New request from ${input.clientName}`,
    heading: `New request from ${input.clientName}`,
    paragraphs: [
      `${input.clientName} asked for ${input.serviceName} through your request form.`,
      [
        `E-mail: ${input.email}`,
        input.phone ? `Phone: ${input.phone}` : null,
        input.address ? `Address: ${input.address}` : null,
      ]
        .filter(Boolean)
        .join(' · '),
      ...(input.message ? [`Message: ${input.message}`] : []),
    ],
    action: { label: 'Open the request', url: input.url },
    footer: 'You receive these e-mails because your business has a public request form.',
  });
}
