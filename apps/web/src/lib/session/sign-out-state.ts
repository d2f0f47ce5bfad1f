/**
 * Spec section 4: "a sign-out event sends the user to /auth", while a visitor
 * without a session goes to /auth keeping the return path. The auth gate reads
 * this to tell the two apart; signing in again resets it.
 */
const state = { signedOut: false };

export function markSignedOut(): void {
  state.signedOut = true;
}

export function clearSignedOut(): void {
  state.signedOut = false;
}

export function wasSignedOut(): boolean {
  return state.signedOut;
}
