import { z } from 'zod';
import { defineEndpoints } from '../endpoint.ts';
import { catalogExport } from '../account-data.ts';
import {
  adminAuditAnswer,
  adminAuditQuery,
  adminHotelCreate,
  adminHotelListAnswer,
  adminHotelListQuery,
  adminHotelStats,
  adminHotelUpdate,
  cityAnswer,
  cityMergeAnswer,
  cityMergeRequest,
  hotelAnswer,
  hotelApprovalRequest,
  hotelListQuery,
  hotelRevisionAnswer,
  hotelSearchAnswer,
  hotelSearchQuery,
  siteStats,
  sitemapHotelsAnswer,
} from '../catalog.ts';
import { searchSuggestionsAnswer, searchSuggestionsQuery } from '../search.ts';

/** A hotel's id in a path: any text here, an id that is not a positive whole number is "Hotel not found" (404). */
const hotelIdPath = z.object({ id: z.string() });

const auditDoc =
  'the audit log, newest first: `{ items: [{ id, actorId, actorEmail, action, hotelId, hotelName, detail, createdAt }], total, page, pageSize }`; `action` is `created`, `edited`, `approved`, `rejected` (`detail` = the reason), `deleted`, `revision_approved` or `revision_rejected`. Each entry is written in the same transaction as the admin\'s action (`POST/PUT/DELETE /api/hotels`, `PUT /api/hotels/{id}/approval`, `PUT /api/admin/hotels/{id}/revision`), so a failed action leaves none; providers\' own edits are not logged. `page` 1-10000, `pageSize` 1-100 (default 25), 400 otherwise. `/api/admin/audit` is the same log under its older path';

/** The catalog service: hotels (reading, search, the admin's management), cities and the gateway's sitemap list. */
export const catalogEndpoints = defineEndpoints('catalog', {
  'GET /api/hotels': {
    access: 'public',
    publicRead: true,
    summary: 'Public hotels, by id when asked (admins: every hotel with all=true)',
    query: hotelListQuery,
    responses: { 200: z.array(hotelAnswer) },
    doc: '`Hotel[]` (approved only; admins: `?all=true` gives every hotel, 403 for anyone else); `limit` up to 1,000',
  },
  'GET /api/hotels/search': {
    access: 'public',
    publicRead: true,
    summary: 'Search public hotels by text, equipment, place, price and gym facts, with facet counts',
    query: hotelSearchQuery,
    responses: { 200: hotelSearchAnswer },
    doc: '`{ items: Hotel[], total, page, pageSize, query, didYouMean, sort, facets: { [label]: count }, equipment: string[], filters, filterFacets, unknownFacts }`. `sort`: `rating` (default), `price`, `name`, `gymScore` (best gym score first, then rating), or `distance` from the point `lat`,`lng` (then each item carries `distanceKm`). `query` (alias `q`, at most 200 characters once trimmed, else 400 "Search text must be at most 200 characters"): each word matches the start of a word, never the inside of one (`lond` finds London, `uk` does not find Shinjuku); one word in the name, city or country, several words each in the name, city, country or equipment (case and accents ignored); a short form (`uk`, `nyc`, `uae`, `usa`, `la`…, the list in `contracts/src/search-values.ts`) matches as a whole word or as its long form. `eq` (comma list of equipment labels) with `eqMatch` `all` (the default) keeps the hotels that have, for every category with a chosen label (strength, cardio, specialty, recovery), at least one chosen label of it; `eqMatch=any` keeps the hotels that have at least one chosen label of any category. When the query finds nothing and a close spelling of a place, hotel-name word or equipment label does ("londn"), the answer is that spelling\'s search and `didYouMean` names it ("London"); otherwise `didYouMean` is null. `minPrice`/`maxPrice` are in `currency` (default USD) and are compared with every hotel\'s price converted at the catalog\'s `currency_rates`. `gymAccessType`, `gymSize` (`small` < 400 sqm, `medium` 400–999, `large` ≥ 1,000) are comma lists (any of them); `accessibilityFeatures` (`wheelchair-access`, `elevator`, `adaptive-equipment`) must all be present; `open24h=true`; `minRating` 0–5; `minDumbbellKg` 1–200 (heaviest dumbbell, stated or named in the equipment); the gym specs: `minRacks` 1–20 (at least that many racks of any kind), `adjustableBench=true`, `openEarly=true` (opens before 06:00 on every day it opens), `openLate=true` (open after 22:00 on every day it opens), `entry` (comma list of `keycard`, `staffed`, `reception`: any of them); "on site only" is `gymAccessType=on-site`. `filters` echoes what was applied (`eqMatch` included); `unknownFacts` counts, per spec filter (`minDumbbellKg`, `minRacks`, `adjustableBench`, `openEarly`, `openLate`, `entry`), the hotels every other filter keeps that state nothing for it, so a filter never drops them without saying how many. `facets` counts, for every label, the hotels of the whole current result; `filterFacets` gives counts for every value of the other filters (`gymAccessType`, `accessibilityFeatures`, `minRating` 3/4/4.5, `open24h`, `gymSize`, `minDumbbellKg` 30/40/50, `minRacks` 1/2/4, `adjustableBench`, `openEarly`, `openLate`, `entry`) and the `priceRange` in `currency` — each group counted with every other filter applied but not its own selection (accessibility, which combines with AND, counts with it), so a count says what choosing that value gives. `sort=fit` orders by the traveller\'s training needs ("My training, matched", `contracts/src/training.ts`), given as `needEq` (comma list of equipment labels), `needPieces` (comma list of `item[:kind][*count]`: `rack:power-rack`, `bench:adjustable*2`, `rower`), `needDumbbellKg` (1–200), `needOpensBefore` and `needOpenAfter` (`HH:MM`, on every day the gym opens): most needs met first, then fewest the listing says are missing (a spec it does not state ranks above a no), then the gym score, so the order holds across pages; the filters and counts are those of the search without it; each card\'s "Fits 5 of 6" is `gymFit` of the same contracts over the answer\'s hotel. An unknown need label or piece, a count outside 1–20, a weight or time that does not parse answer 400 ("Unknown equipment in your training needs: …", "Unknown piece in your training needs: …", "Needed dumbbells must weigh from 1 to 200 kg", "Opens before must be a time written HH:MM, …"), and so does `sort=fit` without any need ("Sorting by fit needs your training needs …"). Unknown `sort`, `eq`, `eqMatch` (then `all`) and list values are dropped; a malformed number, half a point, `sort=distance` without a point, or `minPrice` above `maxPrice` answer 400 with a clear message',
  },
  'GET /api/search/suggestions': {
    access: 'public',
    publicRead: true,
    summary: 'Suggestions as a traveller types: places, hotels and equipment',
    query: searchSuggestionsQuery,
    responses: { 200: searchSuggestionsAnswer },
    doc: '`{ query, items: [{ kind, label, detail, hotelCount, query, equipment, slug }], didYouMean }` for `q`, the text typed so far (1-100 characters once trimmed), at most `limit` (1-10, default 8) items: cities and countries with live hotels whose name has a word starting with the text (or whose short form it is: `uk`, `nyc`, list in `contracts/src/search-values.ts`), most hotels first, `detail` a city\'s country, `hotelCount` its live hotels, `query` what to search; hotels whose name has a word starting with it, best rated first, `detail` "City, Country", `slug` their page; equipment labels with a word starting with it, `equipment` the `eq` label. When no place starts with the text, the places of its closest spelling and `didYouMean` that spelling ("londn" → "London"), else `didYouMean` null. Case and accents ignored. A missing or blank `q`: 400 "Type at least one letter to get suggestions (q)"; longer than 100: 400 "Suggestions need a q of at most 100 characters"; a bad `limit`: 400 "limit must be a whole number from 1 to 10". Kept by browsers and the gateway like the other public reads',
  },
  'GET /api/hotels/:idOrSlug': {
    access: 'public',
    publicRead: true,
    summary: 'One hotel by id or slug (owners and admins also see their listings awaiting review)',
    params: z.object({ idOrSlug: z.string() }),
    responses: { 200: hotelAnswer },
    doc: '`Hotel`; 404 `{ message: "Hotel not found" }`',
  },
  'POST /api/hotels': {
    access: 'admin',
    summary: 'Add a hotel (approved unless told otherwise)',
    body: adminHotelCreate,
    responses: { 201: hotelAnswer },
    doc: 'hotel (place and gym rules below; an admin\'s gym edits are live at once)',
  },
  'PUT /api/hotels/:id': {
    access: 'admin',
    summary: 'Edit any hotel, its approval and premium flag included',
    params: hotelIdPath,
    body: adminHotelUpdate,
    responses: { 200: hotelAnswer },
    doc: 'hotel (place and gym rules below; an admin\'s gym edits are live at once)',
  },
  'DELETE /api/hotels/:id': {
    access: 'admin',
    summary: 'Delete a hotel',
    params: hotelIdPath,
    responses: { 204: null },
    doc: '204; 404 "Hotel not found"',
  },
  'PUT /api/hotels/:id/approval': {
    access: 'admin',
    summary: 'Approve or reject a listing (with a reason for the provider)',
    params: hotelIdPath,
    body: hotelApprovalRequest,
    responses: { 200: hotelAnswer },
    doc: 'hotel; rejecting needs a `reason` (at most 1000 characters), kept as the listing\'s `rejectionReason` and sent in `hotel.rejected` (emailed to the provider, whose edit page shows it; their next save sends the listing back to review); approving clears it and sends `hotel.approved` (emailed); repeating a decision sends nothing. 400 "Please choose whether to approve or reject the listing", 400 "Please give the provider a reason for rejecting (it is emailed to them)" (nothing changes), 404 "Hotel not found"',
  },
  'GET /api/catalog/me/export': {
    access: 'signedIn',
    summary: 'Everything the catalog keeps about the caller: their listings, photos and pending changes they sent, their admin actions',
    responses: { 200: catalogExport },
    doc: '`{ listings, photosUploaded, pendingChanges, adminActions }`: the caller\'s own listings and actions, as this service keeps them; one part of the file "Download my data" saves (`contracts/src/account-data.ts`); empty lists for a traveller',
  },
  'GET /api/stats': {
    access: 'public',
    publicRead: true,
    summary: 'The home page\'s summary figures: approved hotels, their countries, travellers and the average approved rating',
    responses: { 200: siteStats },
    doc: '`{ hotels, countries, travellers, averageRating, ratings, generatedAt }`: approved hotels; the countries they are in (case and accents ignored); travellers\' accounts (accounts whose traveller flag is set, from identity\'s `user.registered`, `user.profile_completed` and `user.deletion-requested`, which the catalog counts; an account whose registration has left Kafka is not counted, so the figure is never above the truth); `averageRating` the mean of the `ratings` approved reviews of approved hotels, 1-5, null without any. Worked out at most every 30 seconds per catalog instance (`STATS_CACHE_MS`); the home page shows them as "N+" only when true (docs/decisions.md)',
  },
  'GET /api/cities': {
    access: 'public',
    publicRead: true,
    summary: 'The cities listings can name, with their live hotel counts',
    responses: { 200: z.array(cityAnswer) },
    doc: '`[{ id, name, country, latitude, longitude, hotelCount }]` (`hotelCount`: live hotels); for an admin each city also has `listingCount` (listings of any status)',
  },
  'POST /api/cities/merge': {
    access: 'admin',
    summary: 'Merge a duplicate city into the one kept',
    body: cityMergeRequest,
    responses: { 200: cityMergeAnswer },
    doc: '`{ city, movedListings }`: the duplicate city\'s listings (and changes awaiting review that chose it) move to the kept city, which takes the duplicate\'s coordinates when it has none; the duplicate is removed; every moved listing sends `hotel.updated` and is logged as an `edited` audit entry whose `detail` names the merge. 400 "Choose two different cities to merge", 404 "One of the cities to merge does not exist"',
  },
  'GET /api/admin/hotels': {
    access: 'admin',
    summary: 'One page of every hotel, any status, filtered and sorted (the admin table)',
    query: adminHotelListQuery,
    responses: { 200: adminHotelListAnswer },
    doc: 'one page of every hotel, any status: `{ items: Hotel[], total, page, pageSize, sort }`. `q` (≤ 200 chars): name, city or country contains it, case and accents folded (`zurich` finds Zürich; `%` and `_` are literal); a `q` with an `@` also finds the listings whose provider email contains it, case folded (`provider@`, `@grandhotels.example`; a trigram index, migration 018). `status`: `pending`, `approved` or `rejected` (any case). `sort`: `name`, `created`, `status` (ties newest-last), `city` (no city last), a leading `-` for descending, default `-created`; an unknown sort is dropped for the default, as search does, and `sort` in the answer says what applied. `page` 1-10000 (default 1), `pageSize` 1-100 (default 25); a bad status, page or pageSize is 400 with `errors: [{ path, message }]` ("Status must be pending, approved or rejected", "Page must be a whole number from 1 to 10000", "Page size must be a whole number from 1 to 100"). Each sort and status is an index walk (migration 009); without `q` the total is read from per-status counts kept by triggers (migration 013). At 1,000,000 hotels: 1.6-2.3 ms in the database for a first page, 12-26 ms for pages 200-10,000, 12-28 ms with `q` (`services/catalog/BENCHMARK.md`)',
  },
  'GET /api/admin/hotels/stats': {
    access: 'admin',
    summary: 'The admin dashboard\'s figures over every hotel',
    responses: { 200: adminHotelStats },
    doc: '`{ total, premium, affiliateClicks }` over every hotel, any status (the dashboard cards)',
  },
  'GET /api/admin/hotels/audit': {
    access: 'admin',
    summary: 'Who approved, rejected, edited or deleted which hotel, newest first',
    query: adminAuditQuery,
    responses: { 200: adminAuditAnswer },
    doc: auditDoc,
  },
  'GET /api/admin/audit': {
    access: 'admin',
    summary: 'The hotels\' audit log under its older path (the service\'s own callers; the gateway does not route it)',
    query: adminAuditQuery,
    responses: { 200: adminAuditAnswer },
    doc: auditDoc,
  },
  'GET /api/admin/hotels/pending': {
    access: 'admin',
    summary: 'Listings awaiting review, oldest first',
    responses: { 200: z.array(hotelAnswer) },
    doc: 'pending listings `Hotel[]`, oldest first: the whole queue in one answer (at 1,000,000 hotels, 49,793 listings: 109 MB in 9 s). The admin\'s Pending Listings screen reads it a page at a time instead, from `GET /api/admin/hotels?status=pending&sort=created&pageSize=20` (`q` to filter), and its tab\'s count from the same endpoint\'s `total` with `pageSize=1`',
  },
  'GET /api/admin/hotels/revisions': {
    access: 'admin',
    summary: 'Providers\' changes to live listings awaiting review, oldest first',
    responses: { 200: z.array(hotelRevisionAnswer) },
    doc: '`[{ hotelId, hotelName, providerEmail, submittedAt, changes: [{ field, from, to }] }]`, oldest first',
  },
  'PUT /api/admin/hotels/:id/revision': {
    access: 'admin',
    summary: 'Approve (apply) or reject (with a reason, kept for the provider) a listing\'s changes awaiting review',
    params: hotelIdPath,
    body: hotelApprovalRequest,
    responses: { 200: hotelAnswer },
    doc: 'hotel with its `pendingRevision`; approving applies the changes (`hotel.updated`, and `hotel.revision-approved`, emailed to the provider); rejecting needs a `reason` (at most 1000 characters): the live listing stays as it is and the change is kept as `pendingRevision` with `status` `rejected` and `rejectionReason` for the provider to fix and send again or discard (`hotel.revision-rejected`, emailed with the reason); it leaves this queue. 400 "Please give the provider a reason for rejecting (it is emailed to them)" (nothing changes), 404 "This hotel has no changes awaiting review." (none, or only a rejected one)',
  },
  'GET /api/sitemap-hotels': {
    access: 'public',
    internal: true,
    summary: 'Every public hotel with when it last changed, for the gateway\'s sitemap.xml',
    responses: { 200: sitemapHotelsAnswer },
    doc: '`{ hotels: [{ id, slug, updatedAt }] }` (approved hotels, by id; not proxied to the public)',
  },
});
