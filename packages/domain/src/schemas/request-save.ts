import { MESSAGES } from '../messages.ts';

export type SaveCheckResult = { ok: true } | { ok: false; title: string; description: string };

/** Spec section 5: the checks run in this order and the first failure is reported. */
export function checkRequestSave(input: {
  totalAmount: number;
  clientName?: string | null;
  hasSession: boolean;
  accountId?: string | null;
}): SaveCheckResult {
  // NaN counts as "no calculation" too.
  if (!input.totalAmount) return { ok: false, ...MESSAGES.missingCalculation };
  if (!input.clientName?.trim()) return { ok: false, ...MESSAGES.missingClientName };
  if (!input.hasSession) return { ok: false, ...MESSAGES.authenticationRequired };
  if (!input.accountId?.trim()) return { ok: false, ...MESSAGES.noBusinessContext };
  return { ok: true };
}

export interface RequestContact {
  clientName: string;
  email: string | null;
  phone: string | null;
}

export function normalizeRequestContact(input: {
  clientName?: string | null;
  email?: string | null;
  phone?: string | null;
}): RequestContact {
  return {
    clientName: input.clientName?.trim() ?? '',
    email: input.email?.trim() || null,
    phone: input.phone?.trim() || null,
  };
}
