import { z } from 'zod';
import { reviewAnswer } from './engagement.ts';
import { providerReviewMessages as m } from './messages.ts';

/** The reviews inbox of an organisation (docs/decisions.md, "The reviews inbox"): published reviews of the properties the member answers for. */
export const providerReviewsQuery = z.object({
  unanswered: z.enum(['true', 'false'], { error: m.unansweredInvalid }).optional().transform((v) => v === 'true'),
  rating: z.coerce.number({ error: m.ratingInvalid }).int(m.ratingInvalid).min(1, m.ratingInvalid).max(5, m.ratingInvalid).optional(),
  hotelId: z.coerce.number({ error: m.hotelInvalid }).int(m.hotelInvalid).positive(m.hotelInvalid).max(2_147_483_647, m.hotelInvalid).optional(),
  page: z.coerce.number({ error: m.pageInvalid }).int(m.pageInvalid).min(1, m.pageInvalid).max(10_000, m.pageInvalid).default(1),
});
export const providerReviewsPage = z.object({
  items: z.array(reviewAnswer.extend({ hotel: z.object({ id: z.number().int(), name: z.string().nullable() }) })),
  total: z.number().int(),
  unanswered: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProviderReviewsPage = z.infer<typeof providerReviewsPage>;
