import {
  CLIENT_HUB_LINK_LIFETIME,
  CLIENT_HUB_MESSAGES as M,
  type ClientHub,
  type ClientHubRevokeResponse,
  type ClientHubSettings,
} from '@crewdesk/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AccountActor } from '../../plugins/permissions.ts';
import { findBrand } from '../business-profile/index.ts';
import { recordEvent } from '../events/index.ts';
import { findContactCard } from '../customers/index.ts';
import * as repo from './client-hub.repo.ts';
import { buildHub } from './client-hub-view.service.ts';
import { type HubDeps } from './client-hub.service.ts';

// Staff ---------------------------------------------------------------------------------------

async function ownContact(db: Db, actor: AccountActor, customerId: string) {
  const contact = await findContactCard(db, actor.accountId, customerId);
  if (!contact) throw new AppError('NOT_FOUND', 'Contact not found.');
  return contact;
}

/** The hub exactly as the contact sees it, for the business's own people (read-only). */
export async function previewHub(
  deps: HubDeps,
  actor: AccountActor,
  customerId: string,
): Promise<ClientHub> {
  await ownContact(deps.db, actor, customerId);
  const brand = await findBrand(deps.db, actor.accountId);
  return buildHub(deps, actor.accountId, customerId, {
    logoPath: brand?.logo ?? null,
    sessionExpiresAt: null,
  });
}

export async function revokeLinks(
  deps: HubDeps,
  actor: AccountActor,
  customerId: string,
): Promise<ClientHubRevokeResponse> {
  await ownContact(deps.db, actor, customerId);
  await deps.db.transaction(async (tx) => {
    await repo.revokeContactLinks(tx, actor.accountId, customerId, actor.userId, deps.now);
    await recordEvent(tx, {
      accountId: actor.accountId,
      type: 'customer.hub_links_revoked',
      subjectId: customerId,
      actorUserId: actor.userId,
    });
  });
  return { revokedAt: deps.now.toISOString(), message: M.linksRevoked };
}

export async function getSettings(deps: HubDeps, actor: AccountActor): Promise<ClientHubSettings> {
  const days = await repo.linkLifetimeDays(deps.db, actor.accountId);
  return { linkLifetimeDays: days ?? CLIENT_HUB_LINK_LIFETIME.default };
}

export async function saveSettings(
  deps: HubDeps,
  actor: AccountActor,
  input: ClientHubSettings,
): Promise<ClientHubSettings> {
  await repo.saveLinkLifetime(deps.db, actor.accountId, input.linkLifetimeDays, deps.now);
  return input;
}
