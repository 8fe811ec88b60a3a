import { describe, expect, it } from 'vitest';
import { messages } from '@reproute/contracts';
import { loginErrorMessage, registerErrorMessage, resetErrorMessage, safeRedirect } from './authErrors';

describe('error texts of spec section 8', () => {
  it('login', () => {
    expect(loginErrorMessage(new Error('401: {"message":"Invalid credentials"}'))).toBe(
      'Invalid email or password. Please check your credentials and try again.',
    );
    expect(loginErrorMessage(new Error('500: boom'))).toBe('Login failed. Please try again.');
    // An account whose deletion runs is told so (the server says it only with the right password).
    expect(loginErrorMessage(new Error(`403: {"message":"${messages.accountBeingDeleted}"}`))).toBe(messages.accountBeingDeleted);
  });
  it('register', () => {
    expect(registerErrorMessage(new Error('409: An account with this email already exists'))).toBe(
      'An account with this email already exists. Please use a different email or try logging in.',
    );
    expect(registerErrorMessage(new Error('400: Invalid input'))).toBe('Please check your information and try again.');
    expect(registerErrorMessage(new Error('500: x'))).toBe('Registration failed. Please try again.');
    expect(registerErrorMessage(new Error('500: x'), 'provider')).toBe('Provider registration failed. Please try again.');
  });
  it('reset', () => {
    expect(resetErrorMessage(new Error('400: Invalid or expired reset token'))).toBe('This reset link has expired. Please request a new password reset.');
    expect(resetErrorMessage(new Error('500: x'))).toBe('Something went wrong. Please try again.');
  });
  it('redirects only within the site, URL-decoded', () => {
    expect(safeRedirect('%2Fprovider%2Fsetup')).toBe('/provider/setup');
    expect(safeRedirect('/favourites')).toBe('/favourites');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
