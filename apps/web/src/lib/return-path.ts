/**
 * Only a path on this site may be a return target, never another origin
 * (`//evil.example`, `https://…`, `/\evil`), or the sign-in page would be an
 * open redirect.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/';
  if (value === '/auth' || value.startsWith('/auth?') || value.startsWith('/auth/')) return '/';
  return value;
}

export function authPathWithReturn(returnPath: string): string {
  if (returnPath === '/' || returnPath === '') return '/auth';
  return `/auth?redirect=${encodeURIComponent(returnPath)}`;
}
