import { localDateOf, REQUEST_FORM_SERVICES, type PublicRequestFormInput } from '@crewdesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findBrandBySlug, type BusinessBrand } from '../business-profile/index.ts';
import { contactForWebsiteRequest } from '../customers/index.ts';
import type { Mailer } from '../mail/index.ts';
import {
  newRequestNoticeMail,
  requestLink,
  notifyBusiness,
  sharedBusinessOf,
  insertNewRequest,
} from '../requests/index.ts';

export const REQUEST_FORM_NOT_FOUND_MESSAGE = 'This request form is not available.';

export interface RequestFormDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  now: Date;
}

/** The public path of the form's business logo (the members-only URL is not public). */
export function requestFormLogoPath(slug: string): string {
  return `/api/public/request-form/${encodeURIComponent(slug)}/logo`;
}

async function businessOf(db: Db, slug: string): Promise<BusinessBrand> {
  const brand = await findBrandBySlug(db, slug.trim().toLowerCase());
  if (!brand) throw new AppError('NOT_FOUND', REQUEST_FORM_NOT_FOUND_MESSAGE);
  return brand;
}

/** What the form shows: whose form it is, and the services to choose from. */
export async function requestFormInfo(db: Db, slug: string) {
  const brand = await businessOf(db, slug);
  return {
    business: sharedBusinessOf(brand, requestFormLogoPath(brand.slug)),
    services: REQUEST_FORM_SERVICES.map((s) => ({ id: s.id, name: s.name })),
  };
}

/** The business behind a form, for its logo. */
export async function requestFormBrand(db: Db, slug: string): Promise<BusinessBrand> {
  return businessOf(db, slug);
}

function blankAsNull(value: string | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

/**
 * A request from the public form: the contact matched by e-mail (or created, from the website),
 * and an unopened inquiry for it, waiting for the business to price it; then the business is
 * told. A filled honeypot gets the same answer and stores nothing, so a bot learns nothing.
 */
export async function submitRequestForm(
  deps: RequestFormDeps,
  slug: string,
  input: PublicRequestFormInput,
): Promise<void> {
  const brand = await businessOf(deps.db, slug);
  if (input.website && input.website.trim() !== '') {
    deps.log.info({ accountId: brand.accountId }, 'request form honeypot filled: ignored');
    return;
  }
  const accountId = brand.accountId;
  const { now } = deps;
  const clientName = `${input.firstName} ${input.lastName}`;
  const email = input.email.trim();
  const phone = blankAsNull(input.phone);
  const address = blankAsNull(input.address);
  const message = blankAsNull(input.message);
  const propertyType = input.propertyType ?? 'residential';
  const service =
    REQUEST_FORM_SERVICES.find((s) => s.id === input.service) ?? REQUEST_FORM_SERVICES[0];

  const requestId = await deps.db.transaction(async (tx) => {
    const contact = await contactForWebsiteRequest(tx, accountId, {
      firstName: input.firstName,
      lastName: input.lastName,
      email,
      phone,
      address,
      customerType: propertyType,
    });
    const row = await insertNewRequest(
      tx,
      {
        accountId,
        userId: null,
        customerId: contact.id,
        title: `Request: ${service.name}`,
        description: message,
        client: clientName,
        clientEmail: email,
        clientPhone: phone,
        amountCents: 0,
        // The business's day, as every request's date.
        date: localDateOf(now, brand.timeZone),
        type: 'inquiry',
        source: 'request_form',
        // The calculator's own fields, so the business prices it in the same dialog.
        details: {
          propertyType,
          service: service.id,
          clientName,
          email,
          phone: phone ?? '',
          customer_id: contact.id,
          ...(address ? { address } : {}),
        },
      },
      now,
      { source: 'request_form', contactMatched: contact.matched },
    );
    return row.id;
  });

  await notifyBusiness(
    deps,
    accountId,
    'request-form',
    newRequestNoticeMail({
      clientName,
      serviceName: service.name,
      email,
      phone,
      address,
      message,
      url: requestLink(deps.publicUrl, requestId),
    }),
  );
}
