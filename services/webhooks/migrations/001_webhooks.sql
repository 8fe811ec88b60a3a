-- Up Migration
-- The webhooks service (docs/decisions.md, "Webhooks"): a partner's endpoints, the messages for each and every try.

-- Its copy of the catalog's hotels: which organisation owns each (catalog.hotels), so a lead reaches its owner's endpoints.
CREATE TABLE hotels (
  hotel_id integer PRIMARY KEY,
  name text NOT NULL,
  provider_id uuid,
  deleted_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hotels_provider_idx ON hotels (provider_id);

CREATE TABLE endpoints (
  id uuid PRIMARY KEY,
  -- The organisation (its id is the founding provider's account id) and the address its notices go to.
  owner_id uuid NOT NULL,
  owner_email text NOT NULL,
  url text NOT NULL,
  -- NULL: every property of the organisation.
  hotel_id integer,
  events text[] NOT NULL,
  description text,
  secret text NOT NULL,
  previous_secret text,
  previous_secret_expires_at timestamptz,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  disabled_reason text CHECK (disabled_reason IN ('failing', 'owner')),
  disabled_at timestamptz,
  -- Since when every try has failed; NULL after a success.
  failing_since timestamptz,
  -- One dispatcher at a time delivers to an endpoint (its queue, in order): the lease it holds.
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX endpoints_owner_idx ON endpoints (owner_id, created_at DESC);

-- One message to one endpoint: its body is fixed when made, so every try signs and sends the same bytes with the same id.
CREATE TABLE deliveries (
  id uuid PRIMARY KEY,
  endpoint_id uuid NOT NULL REFERENCES endpoints (id) ON DELETE CASCADE,
  message_id text NOT NULL,
  event_type text NOT NULL,
  body text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  failures integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  -- The trace the message was made in (W3C traceparent and tracestate), so each try joins it.
  trace jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (endpoint_id, message_id)
);
CREATE INDEX deliveries_due_idx ON deliveries (endpoint_id, next_attempt_at) WHERE state = 'pending';
CREATE INDEX deliveries_log_idx ON deliveries (endpoint_id, created_at DESC);

CREATE TABLE attempts (
  id bigserial PRIMARY KEY,
  delivery_id uuid NOT NULL REFERENCES deliveries (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  status_code integer,
  latency_ms integer NOT NULL,
  response_excerpt text,
  error text
);
CREATE INDEX attempts_delivery_idx ON attempts (delivery_id, at DESC);

-- Down Migration
DROP TABLE attempts;
DROP TABLE deliveries;
DROP TABLE endpoints;
DROP TABLE hotels;
