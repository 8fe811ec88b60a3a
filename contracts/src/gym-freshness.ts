import { z } from 'zod';
import { gymFreshnessMessages } from './messages.ts';
import {
  gymConfirmationSources,
  gymFactsAges,
  gymReportDetailLimits,
  gymReportKinds,
  gymReportNoteMax,
  gymReportResolutions,
  gymReportStatuses,
  gymScoreConfidenceLevels,
} from './gym-freshness-values.ts';

export * from './gym-freshness-values.ts';

/**
 * How old a gym's facts are, and what travellers say about them (docs/decisions.md, "Gym facts that say how old they
 * are"). Every listing's gym facts carry when they were last confirmed and by whom (the hotel, an admin); signed-in
 * travellers confirm them (once a month each) or report a change; the hotel answers a report by editing the listing or
 * disputing it with a note. Neither a confirmation nor a report changes a listing's reviewed fields.
 */

/** POST /api/hotels/{id}/gym-reports */
export const gymReportCreate = z.object({
  kind: z.enum(gymReportKinds, { error: gymFreshnessMessages.reportKindInvalid }),
  detail: z
    .string({ error: gymFreshnessMessages.reportDetailRequired })
    .trim()
    .min(gymReportDetailLimits.min, gymFreshnessMessages.reportDetailRequired)
    .max(gymReportDetailLimits.max, gymFreshnessMessages.reportDetailMax),
});
export type GymReportCreate = z.infer<typeof gymReportCreate>;

/** PUT /api/gym-reports/{id}/resolution: a dispute or a dismissal needs a note (the traveller and the admin read it). */
export const gymReportResolve = z
  .object({
    resolution: z.enum(gymReportResolutions, { error: gymFreshnessMessages.resolutionInvalid }),
    note: z.string({ error: gymFreshnessMessages.resolutionNoteMax }).trim().max(gymReportNoteMax, gymFreshnessMessages.resolutionNoteMax).optional(),
  })
  .check((ctx) => {
    if (ctx.value.resolution !== 'edited' && !ctx.value.note) ctx.issues.push({ code: 'custom', message: gymFreshnessMessages.resolutionNoteRequired, input: ctx.value, path: ['note'] });
  });
export type GymReportResolve = z.infer<typeof gymReportResolve>;

export const gymReportAnswer = z.object({
  id: z.string().uuid(),
  hotelId: z.number().int(),
  kind: z.enum(gymReportKinds),
  detail: z.string(),
  status: z.enum(gymReportStatuses),
  createdAt: z.string(),
  /** The hotel's or admin's note when it was disputed or dismissed. */
  resolutionNote: z.string().nullable(),
  resolvedBy: z.enum(['hotel', 'admin']).nullable(),
  resolvedAt: z.string().nullable(),
});
export type GymReport = z.infer<typeof gymReportAnswer>;

/** How far the gym score can be trusted (docs/decisions.md): `factor` multiplies the facts' score. */
export const gymScoreConfidence = z.object({
  level: z.enum(gymScoreConfidenceLevels),
  factor: z.number().min(0).max(1),
  /** The score of the facts alone, before the confidence is applied (0-5). */
  factsScore: z.number().min(0).max(5),
  age: z.enum(gymFactsAges),
  /** The latest confirmation of any kind (hotel, admin, traveller) the score counted. */
  lastConfirmedAt: z.string().nullable(),
  openReports: z.number().int().min(0),
  disputedReports: z.number().int().min(0),
  /** One line per reason the score lost weight; empty when it counts in full. */
  reasons: z.array(z.string()),
});
export type GymScoreConfidence = z.infer<typeof gymScoreConfidence>;

/** GET /api/hotels/{id}/gym-facts: how current the gym's facts are, who said so, and the reports not closed. */
export const gymFreshnessAnswer = z.object({
  hotelId: z.number().int(),
  /** When the hotel or an admin last confirmed (or edited) the gym facts, and which. */
  confirmedAt: z.string().nullable(),
  confirmedBy: z.enum(['hotel', 'admin']).nullable(),
  /** The facts are older than the reminder age (GYM_FACTS_STALE_DAYS). */
  stale: z.boolean(),
  staleDays: z.number().int(),
  /** Travellers' confirmations of the last 365 days, and the latest month that had any ("2026-03") with its count. */
  travellerConfirmations: z.object({ total: z.number().int(), latestMonth: z.string().nullable(), latestMonthCount: z.number().int() }),
  /** Open and disputed reports, newest first. */
  reports: z.array(gymReportAnswer),
  /** What the caller may do: who they would confirm as (null for a visitor), and whether a traveller already confirmed this month. */
  viewer: z.object({ confirmAs: z.enum(gymConfirmationSources).nullable(), confirmedThisMonth: z.boolean(), canResolve: z.boolean() }),
});
export type GymFreshness = z.infer<typeof gymFreshnessAnswer>;

/** GET /api/admin/gym-reports: the queue of open and disputed reports, oldest first. */
export const adminGymReportQuery = z.object({
  status: z.enum(['open', 'disputed', 'all'], { error: gymFreshnessMessages.reportStatusInvalid }).default('all'),
});
export const adminGymReportListAnswer = z.object({
  items: z.array(gymReportAnswer.extend({ hotelName: z.string(), hotelSlug: z.string(), providerEmail: z.string().nullable() })),
});
export type AdminGymReportList = z.infer<typeof adminGymReportListAnswer>;
