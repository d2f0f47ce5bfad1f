/**
 * Spec section 4: "a sign-out event sends the user to /auth", while a visitor
 * without a session goes to /auth keeping the return path. The auth gate reads
 * this to tell the two apart; signing in again resets it.
 */
const state = { signedOut: false, unverified: false };

export function markSignedOut(): void {
  state.signedOut = true;
}

export function clearSignedOut(): void {
  state.signedOut = false;
  state.unverified = false;
}

/**
 * Spec section 4: a user whose e-mail is not confirmed is signed out and sent to /auth with the
 * needs-verification flag. Whichever redirect runs first (this one, or the gate's own once the
 * session is forgotten) must carry the flag.
 */
export function markSignedOutUnverified(): void {
  state.signedOut = true;
  state.unverified = true;
}

export function wasSignedOutUnverified(): boolean {
  return state.unverified;
}

export function wasSignedOut(): boolean {
  return state.signedOut;
}
