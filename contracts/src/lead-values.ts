// Lead values without schemas: the provider dashboard's lead inbox imports these without pulling zod
// into its first load (referral.ts builds the schemas from them).

/** Where a lead stands in the provider's inbox; every lead starts as "new". */
export const leadStatuses = ['new', 'contacted', 'booked', 'lost'] as const;
export type LeadStatus = (typeof leadStatuses)[number];
