import { messages } from '@reproute/contracts';

/** Maps server errors to the spec's texts (section 8). */
function text(error: unknown): string {
  return error instanceof Error ? error.message : String(error ?? '');
}

export function loginErrorMessage(error: unknown): string {
  const message = text(error);
  if (message.includes('Invalid credentials')) return 'Invalid email or password. Please check your credentials and try again.';
  if (message.startsWith('429')) return 'Too many sign-in attempts. Please wait a few minutes and try again.';
  if (message.includes(messages.accountBeingDeleted)) return messages.accountBeingDeleted;
  return 'Login failed. Please try again.';
}

export function registerErrorMessage(error: unknown, variant: 'traveller' | 'provider' = 'traveller'): string {
  const message = text(error);
  if (message.includes('already exists')) return 'An account with this email already exists. Please use a different email or try logging in.';
  if (message.includes('Invalid')) return 'Please check your information and try again.';
  return variant === 'provider' ? 'Provider registration failed. Please try again.' : 'Registration failed. Please try again.';
}

export function resetErrorMessage(error: unknown): string {
  const message = text(error);
  if (message.includes('Invalid or expired')) return 'This reset link has expired. Please request a new password reset.';
  if (message.includes('Invalid reset token')) return 'Invalid reset token';
  return 'Something went wrong. Please try again.';
}

export function isSessionExpired(error: unknown): boolean {
  const message = text(error);
  return message.includes('401') || message.includes('Unauthorized');
}

/** A redirect target from the query string: URL-decoded, and only a path on this site. */
export function safeRedirect(raw: string | null | undefined, fallback = '/'): string {
  if (!raw) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return fallback;
  }
  return decoded.startsWith('/') && !decoded.startsWith('//') ? decoded : fallback;
}
