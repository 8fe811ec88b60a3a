import { defineEndpoints } from '../endpoint.ts';
import {
  adminUsersAnswer,
  adminUsersQuery,
  authAnswer,
  forgotPasswordRequest,
  jsonWebKeySet,
  loginRequest,
  messageAnswer,
  providerSetupAnswer,
  providerSetupRequest,
  publicUser,
  registerRequest,
  resetPasswordRequest,
  setupProfileRequest,
} from '../identity.ts';

const currentUserDoc = '`user` (publicUser of `contracts/src/identity.ts`); 401 otherwise';

/** The identity service: accounts, sign-in and tokens, profiles, password resets and the signing key. */
export const identityEndpoints = defineEndpoints('identity', {
  'POST /api/auth/register': {
    access: 'public',
    summary: 'Create a traveller account and sign it in',
    body: registerRequest,
    responses: { 201: authAnswer },
    doc: '201 `{ token, user }`; 409 message contains "already exists"',
  },
  'POST /api/auth/login': {
    access: 'public',
    summary: 'Sign in with email and password',
    body: loginRequest,
    responses: { 200: authAnswer },
    doc: '`{ token, user }`; 401 "Invalid credentials"; 429 with `Retry-After` while failed sign-ins from this address (for this account, or in all) are being slowed down',
  },
  'GET /api/auth/me': {
    access: 'signedIn',
    summary: 'The signed-in account',
    responses: { 200: publicUser },
    doc: currentUserDoc,
  },
  'GET /api/auth/user': {
    access: 'signedIn',
    summary: 'The signed-in account (the same answer as /api/auth/me)',
    responses: { 200: publicUser },
    doc: currentUserDoc,
  },
  'POST /api/auth/logout': {
    access: 'signedIn',
    summary: 'Sign out: the caller\'s token stops working',
    responses: { 204: null },
    doc: '204; the token stops working within a second at the gateway and every service',
  },
  'POST /api/auth/setup-profile': {
    access: 'signedIn',
    summary: 'Complete or change the caller\'s profile (names, bio, roles, phone, preferences)',
    body: setupProfileRequest,
    responses: { 200: authAnswer },
    doc: '`{ token, user }` (a fresh token: roles may change)',
  },
  'POST /api/provider/setup': {
    access: 'signedIn',
    summary: 'Make the caller a provider (company, business phone, bio)',
    body: providerSetupRequest,
    responses: { 200: providerSetupAnswer },
    doc: '`{ token, user, message }`; the bio (at most 1000 characters) is kept, an absent one leaves the stored bio; a phone starting with `+` is stored as its country code and the rest (`+44 20 7946 0958` → `countryCode` `+44`, `phoneNumber` `2079460958`), a phone without `+` takes `countryCode` or keeps the stored one',
  },
  'GET /api/auth/admin/users': {
    access: 'admin',
    summary: 'One page of the accounts, newest first, optionally filtered by email or name',
    query: adminUsersQuery,
    responses: { 200: adminUsersAnswer },
    doc: 'users, newest first (filter by email or name)',
  },
  'POST /api/forgot-password': {
    access: 'public',
    summary: 'Email a password reset link to an account, if it exists',
    body: forgotPasswordRequest,
    responses: { 200: messageAnswer },
    doc: '`{ message: "If an account with that email exists, we\'ve sent a password reset link." }`',
  },
  'POST /api/reset-password': {
    access: 'public',
    summary: 'Set a new password with the token of an emailed reset link',
    body: resetPasswordRequest,
    responses: { 200: messageAnswer },
    doc: '`{ message }`; the password rule is registration\'s; every token issued before the reset stops working; 400 message contains "Invalid or expired"',
  },
  'GET /.well-known/jwks.json': {
    access: 'public',
    summary: 'The public keys access tokens are verified with (a JSON Web Key Set)',
    responses: { 200: jsonWebKeySet },
    doc: '`{ keys: [{ kty: "OKP", crv: "Ed25519", x, kid, alg: "EdDSA", use: "sig" }] }`, the public half of the signing key only; `Cache-Control: public, max-age=300`',
  },
});
