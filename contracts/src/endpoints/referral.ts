import { z } from 'zod';
import { defineEndpoints, rawAnswer } from '../endpoint.ts';
import { referralExport } from '../account-data.ts';
import { leadDetailsUpdate, leadRequest, leadRoutingAnswer, leadRoutingUpdate, leadStatusUpdate, providerLead, providerLeadFilters, providerLeadsPage, providerLeadsQuery, referralClickRequest } from '../referral.ts';

/** The referral service: referral clicks, leads and the provider's lead inbox. */
export const referralEndpoints = defineEndpoints('referral', {
  'POST /api/referral-clicks': {
    access: 'public',
    summary: 'Record a click on a hotel\'s booking link, before it opens',
    body: referralClickRequest,
    responses: { 201: z.object({ id: z.string() }) },
    doc: '201 `{ id }`; `hotelName` may be left out when `hotelId` names a known hotel; `bookingUrl` is required (400 otherwise)',
  },
  'POST /api/leads': {
    access: 'public',
    summary: 'Send a hotel the name and email of a signed-in traveller who chose to share them (emailed to it)',
    body: leadRequest,
    responses: { 201: z.object({ id: z.string(), referralId: z.string().nullable() }) },
    doc: '201 `{ id, referralId }`. Only a signed-in traveller whose email is verified, with `shareContact: true` (their ticked "share my details" box), sends a lead; without it 400, without a valid token 401 (both "Leads are sent only by signed-in travellers who choose to share their details; the referral click is recorded with POST /api/referral-clicks"), from an unverified account 403 ("Leads are sent only from accounts with a verified email address: verify yours first. ..."); none of these records a lead or emails the hotel. Name and email come from the account, whatever the body says; `checkInDate`, `checkOutDate` and `guests` only when the traveller chose them; `referralId` is the booking link\'s `RR_{hotelId}_{timestamp}` (made by the server when absent or not this hotel\'s); 400 "Booking link not available for this hotel."; 404/409 for a listing that is not public; 429 past 60 per client or 100 per hotel in 10 minutes',
  },
  'GET /api/referral/me/export': {
    access: 'signedIn',
    summary: 'Everything referral keeps about the caller: the leads they sent hotels and their booking-link clicks',
    responses: { 200: referralExport },
    doc: '`{ leads, clicks }`: the caller\'s own leads (sent signed in, or from the account\'s address) and booking-link clicks (made signed in), with the client address and browser of each, as this service keeps them; one part of the file "Download my data" saves (`contracts/src/account-data.ts`)',
  },
  'GET /api/provider/leads': {
    access: 'provider',
    summary: 'One page of the leads of the caller\'s own hotels, newest first',
    query: providerLeadsQuery,
    responses: { 200: providerLeadsPage },
    doc: '`{ items: [{ id, referralId, createdAt, hotel: { id, name }, name, email, checkInDate, checkOutDate, guests, message, status }], total, page, limit }` newest first, leads of the caller\'s own hotels only; `status` is `new` (default), `contacted`, `booked` or `lost`; `from`/`to` are the UTC days the lead was made, both inclusive; `page` from 1 (default 1), `limit` 1-100 (default 25); empty parameters mean no filter; 400 with the field\'s message for a bad value ("Status must be one of: new, contacted, booked, lost", "Please enter a valid date", \'The "to" date must be on or after the "from" date\')',
  },
  'GET /api/provider/leads.csv': {
    access: 'provider',
    summary: 'The same leads as CSV, every page at once',
    query: providerLeadFilters,
    responses: { 200: rawAnswer('text/csv; charset=utf-8', 'The matching leads, newest first, one row each') },
    doc: '`text/csv; charset=utf-8` attachment `reproute-leads[-hotel-{id}]-{YYYY-MM-DD}.csv`, every matching lead (at most 50,000) newest first: Referral ID, Date, Hotel, Customer, Email, Check-in, Check-out, Guests, Status, Message; RFC 4180 quoting, CRLF, UTF-8 byte order mark; a cell starting with `=`, `+`, `-`, `@`, tab or carriage return gets a leading `\'` so spreadsheets never run it as a formula; the same 400s as the list',
  },
  'PATCH /api/provider/leads/:id': {
    access: 'provider',
    summary: 'Move one of the caller\'s leads along (new, contacted, booked, lost)',
    params: z.object({ id: z.string() }),
    body: leadStatusUpdate,
    responses: { 200: providerLead },
    doc: 'the updated lead; 404 "Lead not found" for a lead of another provider\'s hotel or an unknown id; 400 "Status must be one of: new, contacted, booked, lost"',
  },
  'PUT /api/provider/leads/:id/details': {
    access: 'provider',
    summary: 'Keep a note on a lead, and take it (assignee "me") or give it back (null)',
    params: z.object({ id: z.string() }),
    body: leadDetailsUpdate,
    responses: { 200: providerLead },
    doc: 'the lead with its `note` and `assignee` (`{ id, email }` of the member who took it, or null); the note is the hotel\'s own text, shown in the inbox and never emailed; for a member whose role allows leads for the lead\'s property (owner, manager), else 404 "Lead not found" as for another organisation\'s lead; 400 "A note must be at most 2000 characters", \'Assignee must be "me" (take the lead) or null (give it back)\', "Give a note, an assignee or both", "Only note and assignee can be set"',
  },
  'GET /api/provider/lead-routing/:hotelId': {
    access: 'provider',
    summary: 'Who is emailed for a property\'s leads',
    params: z.object({ hotelId: z.string() }),
    responses: { 200: leadRoutingAnswer },
    doc: '`{ hotelId, recipients, delivery, fallback, updatedAt }`: the addresses each lead is emailed to (members and extra addresses); with none, the listing\'s lead address (`fallback`) as before; `delivery` `instant` (each lead at once, the default) or `daily` (one digest per address a day at 08:00 UTC); owners and managers of the property, else 404 "Hotel not found"',
  },
  'PUT /api/provider/lead-routing/:hotelId': {
    access: 'provider',
    summary: 'Choose who is emailed for a property\'s leads',
    params: z.object({ hotelId: z.string() }),
    body: leadRoutingUpdate,
    responses: { 200: leadRoutingAnswer },
    doc: 'the routing as stored; `recipients` at most 10 distinct addresses (an empty list goes back to the listing\'s lead address), `delivery` `instant` (left out: `instant`) or `daily`; 400 "Each recipient must be one valid email address", "At most 10 addresses can receive a property\'s leads", "Each address may be listed once", "Delivery must be instant (each lead emailed at once) or daily (one digest a day)", "Only recipients and delivery can be set"; with `instant` each lead is then emailed to every recipient (one email each, the traveller as Reply-To), with `daily` each recipient gets one email a day at 08:00 UTC listing the past day\'s leads; owners and managers of the property, else 404 "Hotel not found"',
  },
});
