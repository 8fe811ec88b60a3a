import { enqueueEvent, type Queryable } from '@reproute/platform';
import type { EventData, PublicUser } from '@reproute/contracts';
import { nameForOwnEmail } from '../domain/users.ts';

/**
 * The events identity publishes on `identity.users`, written to the outbox inside the caller's
 * transaction (keyed by user id, so one account's events stay in order).
 */
export const userEvents = {
  registered: (tx: Queryable, user: PublicUser) =>
    enqueueEvent(tx, 'user.registered', { userId: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName }, { key: user.id }),

  profileCompleted: (tx: Queryable, user: PublicUser) =>
    enqueueEvent(tx, 'user.profile_completed', { userId: user.id, isProvider: user.isProvider, isTraveler: user.isTraveler }, { key: user.id }),

  becameProvider: (tx: Queryable, user: PublicUser) =>
    enqueueEvent(tx, 'user.became_provider', { userId: user.id, email: user.email, companyName: user.companyName ?? '', emailVerified: user.emailVerified }, { key: user.id }),

  /** Carries the token sealed for the notifier, which opens it only to put it in the emailed link; identity itself keeps only its hash. */
  passwordResetRequested: (tx: Queryable, user: PublicUser, sealedToken: string, expiresAt: Date) =>
    enqueueEvent(
      tx,
      'user.password_reset_requested',
      { userId: user.id, email: user.email, firstName: nameForOwnEmail(user), sealedToken, expiresAt: expiresAt.toISOString() },
      { key: user.id },
    ),

  /** A verification link for `email` (sealed like reset tokens); no name: the address is not proved yet. */
  emailVerificationRequested: (tx: Queryable, userId: string, email: string, reason: VerificationReason, sealedToken: string, expiresAt: Date) =>
    enqueueEvent(tx, 'user.email_verification_requested', { userId, email, reason, sealedToken, expiresAt: expiresAt.toISOString() }, { key: userId }),

  /** The notice to the account's current address that a change to another one was asked for (the new address is not named). */
  emailChangeRequested: (tx: Queryable, user: PublicUser) =>
    enqueueEvent(tx, 'user.email_change_requested', { userId: user.id, email: user.email, firstName: nameForOwnEmail(user) }, { key: user.id }),

  /** The owner asked to delete the account: every service erases its part and reports `user.data-erased`. */
  deletionRequested: (tx: Queryable, data: EventData<'user.deletion-requested'>) => enqueueEvent(tx, 'user.deletion-requested', data, { key: data.userId }),

  emailVerified: (tx: Queryable, user: PublicUser, previousEmail: string | null) =>
    enqueueEvent(tx, 'user.email_verified', { userId: user.id, email: user.email, firstName: user.firstName, previousEmail, isProvider: user.isProvider }, { key: user.id }),
};

export type VerificationReason = EventData<'user.email_verification_requested'>['reason'];
