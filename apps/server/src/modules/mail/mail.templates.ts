import { escapeHtml } from '../../lib/html.ts';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** The business a message speaks for: its name and logo on top, its contact details below. */
export interface MailBrand {
  name: string;
  /** ISO 4217: the business's currency, for the amounts a mail states. */
  currency: string;
  /** BCP 47: how the business writes the dates and amounts a mail states. */
  locale: string;
  /** An absolute URL the mail client can load, or null. */
  logoUrl: string | null;
  /** Phone, e-mail, website, address: whichever the business filled in. */
  contactLines: string[];
}

function brandHeader(brand: MailBrand): string {
  const logo = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="" height="48" style="display:block;height:48px;max-width:200px;margin:0 0 8px">`
    : '';
  return `<div style="margin:0 0 24px">${logo}<p style="font-size:16px;font-weight:700;margin:0">${escapeHtml(brand.name)}</p></div>`;
}

/**
 * One simple, accessible layout for every message: a heading, paragraphs, an optional button
 * (its link also written out for mail clients that block buttons) and a plain-text twin.
 */
export function renderMail(input: {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A code shown large (one-time sign-in codes). */
  code?: string;
  footer: string;
  /** A business's own mail (estimates to its clients) carries its name, logo and contact. */
  brand?: MailBrand;
}): MailContent {
  const { action, code, brand } = input;
  const textParts = [
    ...(brand ? [brand.name, ''] : []),
    input.heading,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    ...(code ? [code, ''] : []),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(brand && brand.contactLines.length > 0 ? [brand.name, ...brand.contactLines, ''] : []),
    '—',
    input.footer,
  ];
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;background:#f6f7f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
${brand ? brandHeader(brand) : ''}
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(input.heading)}</h1>
${input.paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${code ? `<p style="font-size:28px;letter-spacing:6px;font-weight:700;margin:16px 0">${escapeHtml(code)}</p>` : ''}
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#4b5563;margin:0 0 12px">Or open this link: <a href="${escapeHtml(action.url)}" style="color:#0f766e">${escapeHtml(action.url)}</a></p>`
    : ''
}
${brand && brand.contactLines.length > 0 ? `<p style="font-size:13px;line-height:1.5;color:#374151;margin:24px 0 0"><strong>${escapeHtml(brand.name)}</strong><br>${brand.contactLines.map(escapeHtml).join('<br>')}</p>` : ''}
<p style="font-size:12px;color:#6b7280;margin:24px 0 0">${escapeHtml(input.footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return {
    subject: input.subject,
    text: textParts.join('\n'),
    html,
    links: action ? [action.url] : [],
  };
}
