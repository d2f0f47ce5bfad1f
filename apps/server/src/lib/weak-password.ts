import { passwordWeaknesses, WEAK_PASSWORD_CODE } from '@crewdesk/domain';
import { isCommonPassword } from './common-passwords.ts';

/** A new password that breaks the rules; the error handler answers 400 with every reason. */
export class WeakPasswordError extends Error {
  readonly code = WEAK_PASSWORD_CODE;
  constructor(public readonly reasons: string[]) {
    super(reasons.join(' '));
    this.name = 'WeakPasswordError';
  }
}

/** Spec section 5: refuses a weak password with the list of its reasons. */
export function assertStrongPassword(password: string): void {
  const reasons = passwordWeaknesses(password, isCommonPassword);
  if (reasons.length > 0) throw new WeakPasswordError(reasons);
}
