import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/utils';
import { apiRequest, ApiError, errorMessage, parseRetryAfter } from './api-client';
import { authErrorMessage, tooManyAttemptsMessage, weakPasswordReasons } from './auth-errors';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('parseRetryAfter', () => {
  it('reads whole seconds and HTTP dates, and ignores anything else', () => {
    const now = Date.parse('2025-01-01T10:00:00Z');
    expect(parseRetryAfter('42', now)).toBe(42);
    expect(parseRetryAfter(' 7 ', now)).toBe(7);
    expect(parseRetryAfter('Wed, 01 Jan 2025 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Wed, 01 Jan 2025 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('apiRequest errors', () => {
  it('when the answer is 429 with Retry-After, then the error carries the seconds and the auth text says them', async () => {
    mockApi({
      'POST /api/auth/sign-in/email': () => ({
        status: 429,
        body: { message: 'Too many requests. Please try again later.' },
        headers: { 'Retry-After': '37' },
      }),
    });
    const error = await failure(apiRequest('/auth/sign-in/email', { method: 'POST', body: {} }));
    expect(error).toMatchObject({ status: 429, code: 'HTTP_429', retryAfterSeconds: 37 });
    expect(tooManyAttemptsMessage(error)).toBe('Too many attempts. Try again in 37 seconds.');
    expect(authErrorMessage(error, 'fallback')).toBe('Too many attempts. Try again in 37 seconds.');
    // Other callers keep the server's own words.
    expect(errorMessage(error, 'fallback')).toBe('Too many requests. Please try again later.');
  });

  it('when a 429 has no Retry-After, or says one second, then the text still reads well', () => {
    expect(tooManyAttemptsMessage(new ApiError(429, 'RATE_LIMITED', ''))).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(
      tooManyAttemptsMessage(new ApiError(429, 'RATE_LIMITED', '', { retryAfterSeconds: 1 })),
    ).toBe('Too many attempts. Try again in 1 second.');
    expect(tooManyAttemptsMessage(new ApiError(400, 'BAD_REQUEST', 'x'))).toBeNull();
    expect(authErrorMessage(new ApiError(401, 'X', 'Invalid OTP'), 'fallback')).toBe('Invalid OTP');
  });

  it('when a password is refused as weak, then every reason is kept in order', async () => {
    const reasons = ['Password must be at least 8 characters.', 'This password is common.'];
    mockApi({
      'POST /api/auth/reset-password': () => ({
        status: 400,
        body: { code: 'weak_password', message: reasons.join(' '), reasons: [...reasons, 3] },
      }),
    });
    const error = await failure(apiRequest('/auth/reset-password', { method: 'POST', body: {} }));
    expect(error.reasons).toEqual(reasons);
    expect(error.retryAfterSeconds).toBeNull();
    expect(weakPasswordReasons(error)).toEqual(reasons);
    expect(weakPasswordReasons(new ApiError(400, 'weak_password', 'Too short.'))).toEqual([
      'Too short.',
    ]);
    expect(weakPasswordReasons(new ApiError(400, 'INVALID_TOKEN', 'Invalid token'))).toBeNull();
  });
});
