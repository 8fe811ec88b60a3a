// Gym facts freshness: the plain values (no zod), for the browser's bundles too (docs/decisions.md, "Gym facts that say how old they are").

/** What a traveller can report about a gym, in the order the form offers them. */
export const gymReportKinds = ['equipment', 'hours', 'closed', 'off-site'] as const;
export type GymReportKind = (typeof gymReportKinds)[number];
export const gymReportKindTitles: Record<GymReportKind, string> = {
  equipment: 'An item is missing or broken',
  hours: 'The hours are wrong',
  closed: 'The gym is closed',
  'off-site': 'The gym is not on site',
};

/** open: waiting for the hotel; disputed: the hotel says the facts are right (an admin decides); edited / dismissed: closed. */
export const gymReportStatuses = ['open', 'disputed', 'edited', 'dismissed'] as const;
export type GymReportStatus = (typeof gymReportStatuses)[number];

/** How a report is answered: the hotel `edited` the listing or `disputed` the report; an admin may also `dismissed` it. */
export const gymReportResolutions = ['edited', 'disputed', 'dismissed'] as const;
export type GymReportResolution = (typeof gymReportResolutions)[number];

/** Who confirmed a gym's facts. */
export const gymConfirmationSources = ['hotel', 'admin', 'traveller'] as const;
export type GymConfirmationSource = (typeof gymConfirmationSources)[number];

export const gymReportDetailLimits = { min: 3, max: 500 } as const;
export const gymReportNoteMax = 1000;

/** The gym score's confidence levels and the ages of facts (docs/decisions.md). */
export const gymScoreConfidenceLevels = ['high', 'medium', 'low'] as const;
export type GymScoreConfidenceLevel = (typeof gymScoreConfidenceLevels)[number];
export const gymFactsAges = ['fresh', 'ageing', 'old', 'stale'] as const;
export type GymFactsAge = (typeof gymFactsAges)[number];
