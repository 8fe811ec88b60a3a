// Each service's simplest read, and how the floor server answers it: with the service's own store and domain
// functions (the same SQL, the same rows turned into the same answer), called from a bare Fastify route.
// infra/bench/service-floor.ts measures the service against that floor; service-floor-server.ts serves it.
import { endpoints } from '@reproute/contracts';
import type { Queryable } from '@reproute/platform';
import { findUserById } from '../../services/identity/src/store/users.ts';
import { toPublicUser } from '../../services/identity/src/domain/users.ts';
import { findHotel } from '../../services/catalog/src/store/hotels.ts';
import { canView } from '../../services/catalog/src/domain/hotel.ts';
import { toHotelAnswer } from '../../services/catalog/src/domain/hotel-answer.ts';
import { listFavorites } from '../../services/engagement/src/store/favorites.ts';
import { leadsForProvider } from '../../services/referral/src/store/leads.ts';
import { providerAnalytics } from '../../services/analytics/src/routes/reports.ts';

export type Caller = 'traveller' | 'provider' | null;

export interface FloorRead {
  service: 'identity' | 'catalog' | 'engagement' | 'referral' | 'analytics';
  path: string;
  /** Whose token the service is asked with (null: a public read); the floor is told the same user's id. */
  caller: Caller;
  /** The answer, as the service's handler makes it (without its framework). */
  answer(db: Queryable, userId: string): Promise<unknown>;
  /** Fields that differ between two answers made at different moments (left out when the two are compared). */
  volatile?: string[];
}

export const floorReads: FloorRead[] = [
  {
    service: 'identity',
    path: '/api/auth/me',
    caller: 'traveller',
    answer: async (db, userId) => {
      const user = await findUserById(db, userId);
      if (!user) throw new Error(`no user ${userId}`);
      return toPublicUser(user);
    },
  },
  {
    service: 'catalog',
    path: '/api/hotels/1',
    caller: null,
    answer: async (db) => {
      const hotel = await findHotel(db, { id: 1 });
      if (!hotel || !canView(null, hotel)) throw new Error('hotel 1 is not public');
      return toHotelAnswer(hotel, null);
    },
  },
  {
    service: 'engagement',
    path: '/api/favorites',
    caller: 'traveller',
    answer: (db, userId) => listFavorites(db, userId),
  },
  {
    service: 'referral',
    path: '/api/provider/leads',
    caller: 'provider',
    answer: (db, userId) => leadsForProvider(db, { organisationId: userId, scope: { kind: 'all', except: [] } }, endpoints['GET /api/provider/leads'].query.parse({})),
  },
  {
    service: 'analytics',
    path: '/api/provider/analytics',
    caller: 'provider',
    answer: (db, userId) => providerAnalytics(db, userId, endpoints['GET /api/provider/analytics'].query.parse({})),
    volatile: ['generatedAt'],
  },
];
