import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { adminGymReportListAnswer, adminGymReportQuery, gymFreshnessAnswer, gymReportAnswer, gymReportCreate, gymReportResolve } from '../gym-freshness.ts';

/** A hotel's id in a path: any text here, an id that is not a positive whole number is "Hotel not found" (404). */
const hotelIdPath = z.object({ id: z.string() });

const freshnessDoc =
  '`{ hotelId, confirmedAt, confirmedBy, stale, staleDays, travellerConfirmations: { total, latestMonth, latestMonthCount }, reports: GymReport[], viewer: { confirmAs, confirmedThisMonth, canResolve } }`: when the hotel (`hotel`) or an admin (`admin`) last confirmed or edited the gym facts, whether that is older than `GYM_FACTS_STALE_DAYS` (then the provider is reminded by email), travellers\' confirmations of the last 365 days and the latest month that had any, and the reports not closed (`open`, `disputed`), newest first. `viewer.confirmAs` is who the caller would confirm as (`hotel` for the owning provider, `admin`, `traveller`, null for a visitor). Hotels a visitor cannot see: 404 "Hotel not found"';

/** The catalog's gym facts freshness: confirmations, travellers' reports and their answers (docs/decisions.md, "Gym facts that say how old they are"). */
export const catalogGymFreshnessEndpoints = defineEndpoints('catalog', {
  'GET /api/hotels/:id/gym-facts': {
    access: 'public',
    summary: 'How current a hotel\'s gym facts are: last confirmed when and by whom, travellers\' confirmations, open reports',
    params: hotelIdPath,
    responses: { 200: gymFreshnessAnswer },
    doc: freshnessDoc,
  },
  'POST /api/hotels/:id/gym-facts/confirmations': {
    access: 'signedIn',
    summary: 'Confirm a hotel\'s gym facts are current (the owning provider, an admin, or a traveller once a month)',
    params: hotelIdPath,
    responses: { 201: gymFreshnessAnswer },
    doc: `201 the hotel's freshness (${'`GymFreshness`'}, as \`GET /api/hotels/{id}/gym-facts\`). The owning provider confirms as the hotel and an admin as admin (\`confirmedAt\` becomes now, the reminder clock starts again); anyone else as a traveller, once per calendar month (UTC) per hotel: 409 "You have already confirmed this gym's facts this month. Thank you!". Nothing of the listing changes; \`hotel.gym-facts-confirmed\` is sent and the gym score's confidence follows. A traveller needs a verified email: 403 "Please verify your email address before confirming or reporting gym facts."; a hotel not live: 404`,
  },
  'POST /api/hotels/:id/gym-reports': {
    access: 'signedIn',
    summary: 'Report a change to a hotel\'s gym: an item missing or broken, wrong hours, the gym closed or not on site',
    params: hotelIdPath,
    body: gymReportCreate,
    responses: { 201: gymReportAnswer },
    doc: '`{ kind, detail }`: `kind` `equipment` (an item is missing or broken), `hours` (the hours are wrong), `closed` (the gym is closed) or `off-site` (the gym is not on site), else 400 "Kind must be equipment…"; `detail` what changed, 3-500 characters once trimmed, else 400 "Please say what has changed…" / "The report must be at most 500 characters". 201 the report (`open`), shown on the hotel page; `hotel.gym-report-opened` emails the owning provider (kind `listing-gym-facts`) and the report joins the admin queue. The listing does not change: the hotel or an admin answers it. The same kind again while the caller\'s report is open: 409 "You have already reported this…"; the owner\'s own listing: 400 "This is your listing…"; 403 without a verified email; 404 a hotel not live',
  },
  'PUT /api/gym-reports/:id/resolution': {
    access: 'signedIn',
    summary: 'Answer a gym report: the hotel edited the listing or disputes it (with a note); an admin may also dismiss it',
    params: z.object({ id: z.string() }),
    body: gymReportResolve,
    responses: { 200: gymReportAnswer },
    doc: '`{ resolution, note }`: the owning provider or an admin; `edited` (the listing was changed; its reviewed fields still go through review), `disputed` (the facts are right; `note` required, up to 1000 characters; the report stays on the page with the note and in the admin queue until an admin closes it) or `dismissed` (admins only: 403 "Only our team can dismiss a report…"); an admin does not dispute (400 "Only the hotel disputes a report…"). 200 the report; `hotel.gym-report-resolved` is sent. A closed report: 409 "This report has already been answered."; the hotel disputing twice: 409; another provider\'s: 403; unknown: 404 "Report not found"',
  },
  'GET /api/admin/gym-reports': {
    access: 'admin',
    summary: 'The queue of travellers\' gym reports still open or disputed, oldest first',
    query: adminGymReportQuery,
    responses: { 200: adminGymReportListAnswer },
    doc: '`{ items: [GymReport & { hotelName, hotelSlug, providerEmail }] }`, oldest first, at most 500; `status` `open`, `disputed` or `all` (default: both), else 400 "Status must be open, disputed or all"',
  },
});
