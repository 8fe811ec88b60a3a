import type { Endpoint, EndpointKey } from './endpoint.ts';
import { referralEndpoints } from './endpoints/referral.ts';
import { catalogEndpoints } from './endpoints/catalog.ts';
import { catalogProviderEndpoints } from './endpoints/catalog-provider.ts';
import { catalogSavedSearchEndpoints } from './endpoints/catalog-saved-searches.ts';
import { engagementEndpoints } from './endpoints/engagement.ts';
import { identityEndpoints } from './endpoints/identity.ts';
import { analyticsEndpoints } from './endpoints/analytics.ts';
import { catalogGymFreshnessEndpoints } from './endpoints/catalog-gym-freshness.ts';
import { displayPreferenceEndpoints } from './endpoints/display-preferences.ts';
import { trainingEndpoints } from './endpoints/training.ts';
import { organisationEndpoints } from './endpoints/organisations.ts';
import { webhookEndpoints } from './endpoints/webhooks.ts';
import { apiKeyEndpoints, partnerLeadEndpoints } from './endpoints/api-keys.ts';
import { bookingEndpoints } from './endpoints/bookings.ts';
import { providerReviewEndpoints } from './endpoints/provider-reviews.ts';
import { catalogCityAdminEndpoints } from './endpoints/catalog-city-admin.ts';

/**
 * Every endpoint of the API, keyed by `METHOD /path`. Services register their handlers from it,
 * the gateway routes and screens by it, the OpenAPI document and docs/api.md are made from it, and
 * the browser's client is typed by it (`import type`, so no schema reaches the browser).
 */
export const endpoints = {
  ...referralEndpoints,
  ...catalogEndpoints,
  ...catalogProviderEndpoints,
  ...catalogSavedSearchEndpoints,
  ...engagementEndpoints,
  ...identityEndpoints,
  ...analyticsEndpoints,
  ...displayPreferenceEndpoints,
  ...trainingEndpoints,
  ...organisationEndpoints,
  ...webhookEndpoints,
  ...apiKeyEndpoints,
  ...partnerLeadEndpoints,
  ...bookingEndpoints,
  ...catalogGymFreshnessEndpoints,
  ...providerReviewEndpoints,
  ...catalogCityAdminEndpoints,
};

export type Endpoints = typeof endpoints;
export type AnyEndpointKey = keyof Endpoints;

/** The table as a list, in definition order. */
export const endpointList: readonly Endpoint<EndpointKey>[] = Object.values(endpoints) as Endpoint<EndpointKey>[];
