import { serviceConfigSchema } from '@reproute/platform';
import { z } from 'zod';

// Lead limits within the window: at most LEAD_LIMIT_PER_CLIENT leads per client (its address, an IPv6 address as its
// /64); LEAD_LIMIT_PER_HOTEL_PER_CLIENT of them to any one hotel (the client's share); and LEAD_LIMIT_PER_HOTEL
// distinct clients per hotel (a client already among them keeps its share), so no client, nor a handful, can spend a
// hotel's budget for everyone else.
export const configSchema = serviceConfigSchema.extend({
  LEAD_REPEAT_WINDOW_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600).describe('The same lead (hotel, person, dates) sent again within this many seconds is answered with the first one.'),
  LEAD_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600).describe('The window of the lead limits (seconds).'),
  LEAD_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(60).describe('Leads per client address (an IPv6 address as its /64) within the window.'),
  LEAD_LIMIT_PER_HOTEL: z
    .coerce.number()
    .int()
    .min(1)
    .default(100)
    .describe('Distinct clients per hotel within the window (a client already among them keeps its share), so no client, nor a handful, can spend a hotel\'s budget for everyone else.'),
  LEAD_LIMIT_PER_HOTEL_PER_CLIENT: z.coerce.number().int().min(1).default(10).describe('Of a client\'s leads, how many may go to any one hotel within the window (its share).'),
});
export type Config = z.infer<typeof configSchema>;
