import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Encrypts a secret a business gave us (an AI model's API key) for storage: AES-256-GCM with a
 * key derived from the server's own secret and a purpose, so a database dump alone reveals
 * nothing and a tampered value fails to open. Format: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 * With `context` (e.g. the account and the row), the value opens only with that same context, so
 * a sealed value copied to another row or account does not open there.
 */
export function sealSecret(
  plain: string,
  serverSecret: string,
  purpose: string,
  context?: string,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(serverSecret, purpose), iv);
  if (context !== undefined) cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body].map(encode).join('.');
}

/** The secret sealed by `sealSecret`; null when it cannot be opened (another server secret). */
export function openSecret(
  sealed: string,
  serverSecret: string,
  purpose: string,
  context?: string,
): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyFor(serverSecret, purpose),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    if (context !== undefined) decipher.setAAD(Buffer.from(context, 'utf8'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    return null;
  }
}

function keyFor(serverSecret: string, purpose: string): Buffer {
  return createHash('sha256').update(`crewdesk:${purpose}:`).update(serverSecret).digest();
}

function encode(part: string | Buffer): string {
  return typeof part === 'string' ? part : part.toString('base64url');
}
