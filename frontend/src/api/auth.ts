import { useMutation } from '@tanstack/react-query';
import { callApi, type ApiBody } from './client';
import { ApiError } from './request';
import type { AuthAnswer, User } from './types';
import { clearToken, readToken, storeToken } from '@/lib/tokenStorage';
import { signedIn, signedOut } from '@/store/session';

export function fetchCurrentUser(): Promise<User> {
  return callApi('GET /api/auth/me');
}

/** Stores the token and sets the user, as login and register do. */
export function acceptAuthAnswer(answer: AuthAnswer): User {
  storeToken(answer.token);
  signedIn(answer.user);
  return answer.user;
}

export function useLogin() {
  return useMutation({
    mutationFn: (body: ApiBody<'POST /api/auth/login'>) => callApi('POST /api/auth/login', { body }),
    onSuccess: acceptAuthAnswer,
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: ApiBody<'POST /api/auth/register'>) => callApi('POST /api/auth/register', { body }),
    onSuccess: acceptAuthAnswer,
  });
}

/**
 * The setup calls of spec section 8: without a token "401: Authentication required"; a 401 answer
 * clears the session and reads "401: Session expired. Please sign in again."; otherwise the server's
 * message or the fallback text.
 */
export async function setupCall<T extends AuthAnswer>(send: () => Promise<T>, fallback: string): Promise<T> {
  if (!readToken()) throw new Error('401: Authentication required');
  try {
    const answer = await send();
    if (answer.token) storeToken(answer.token);
    signedIn(answer.user);
    return answer;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearToken();
      signedOut();
      throw new Error('401: Session expired. Please sign in again.', { cause: error });
    }
    if (error instanceof ApiError) throw new Error(error.body?.message || fallback, { cause: error });
    throw error instanceof Error ? error : new Error(fallback);
  }
}

export function useSetupProfile() {
  return useMutation({
    mutationFn: (body: ApiBody<'POST /api/auth/setup-profile'>) => setupCall(() => callApi('POST /api/auth/setup-profile', { body }), 'Profile setup failed'),
  });
}

export function useProviderSetup() {
  return useMutation({
    mutationFn: (body: ApiBody<'POST /api/provider/setup'>) => setupCall(() => callApi('POST /api/provider/setup', { body }), 'Provider setup failed'),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ApiBody<'POST /api/forgot-password'>) => callApi('POST /api/forgot-password', { body }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ApiBody<'POST /api/reset-password'>) => callApi('POST /api/reset-password', { body }),
  });
}

/** Signs the caller out on the server: the token stops working. */
export function logoutCall() {
  return callApi('POST /api/auth/logout');
}

/** Opens an emailed verification link; a caller signed in as that account gets its fresh token (claiming the address). */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: (token: string) => callApi('POST /api/auth/verify-email', { body: { token } }),
    onSuccess: (answer) => {
      if (answer.token && answer.user) acceptAuthAnswer({ token: answer.token, user: answer.user });
    },
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: () => callApi('POST /api/auth/verify-email/resend') });
}

/** Asks to change the account's email: the current one stays until the link sent to the new one is opened. */
export function useEmailChange() {
  return useMutation({
    mutationFn: (body: ApiBody<'POST /api/auth/email-change'>) => callApi('POST /api/auth/email-change', { body }),
  });
}

/** A fresh token for the signed-in account, stored with its user (after a verification made elsewhere). */
export async function refreshSession(): Promise<User> {
  return acceptAuthAnswer(await callApi('POST /api/auth/refresh'));
}
