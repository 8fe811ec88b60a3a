import { enqueueEvent, type Queryable } from '@reproute/platform';
import type { PublicUser } from '@reproute/contracts';

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
    enqueueEvent(tx, 'user.became_provider', { userId: user.id, email: user.email, companyName: user.companyName ?? '' }, { key: user.id }),

  /** Carries the token sealed for the notifier, which opens it only to put it in the emailed link; identity itself keeps only its hash. */
  passwordResetRequested: (tx: Queryable, user: PublicUser, sealedToken: string, expiresAt: Date) =>
    enqueueEvent(
      tx,
      'user.password_reset_requested',
      { userId: user.id, email: user.email, firstName: user.firstName, sealedToken, expiresAt: expiresAt.toISOString() },
      { key: user.id },
    ),
};
