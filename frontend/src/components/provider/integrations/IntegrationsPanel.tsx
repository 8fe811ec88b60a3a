import { useId, useState, type FormEvent } from 'react';
import { Copy, KeyRound, RotateCw, Send, Trash2, Webhook } from 'lucide-react';
import type { ApiKeyAnswer, ApiKeyScope, WebhookDelivery, WebhookEndpoint, WebhookEventType } from '@reproute/contracts';
import { useProviderHotels } from '@/api/provider';
import { serverMessageOr } from '@/api/request';
import { useApiKeyActions, useApiKeys, useWebhookActions, useWebhookDeliveries, useWebhooks } from '@/api/integrations';
import { Button } from '@/components/ui/Button';
import { FieldError, TextField } from '@/components/ui/Field';
import { Badge, Card, Skeleton } from '@/components/ui/Misc';
import { toast } from '@/store/toast';

// Plain values here (the contracts' lists live beside their zod schemas, which the dashboard does not load).
const eventTypes: { value: WebhookEventType; label: string }[] = [
  { value: 'lead.created', label: 'New leads (lead.created)' },
  { value: 'lead.status_changed', label: 'Lead status changes (lead.status_changed)' },
];
const scopes: { value: ApiKeyScope; label: string }[] = [
  { value: 'leads:read', label: 'Read leads (leads:read)' },
  { value: 'leads:write', label: 'Set lead status (leads:write)' },
];

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : null);

/** The dashboard's Integrations tab: webhook endpoints and API keys, for the organisation's owners. Loaded only when opened. */
export default function IntegrationsPanel() {
  return (
    <div className="space-y-10">
      <WebhooksSection />
      <ApiKeysSection />
    </div>
  );
}

/** A secret or key shown once, with a copy button and the warning that it will not be shown again. */
function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  return (
    <div role="status" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="shown-once">
      <p className="font-semibold">{label}</p>
      <p className="mt-1">Copy it now: it is shown this once and cannot be read back.</p>
      <code className="mt-2 block break-all rounded-lg bg-white px-3 py-2 font-mono text-[13px] text-slate-900" data-testid="shown-once-value">
        {value}
      </code>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(
              () => toast({ title: 'Copied' }),
              () => undefined,
            );
          }}
        >
          <Copy aria-hidden className="h-4 w-4" /> Copy
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </div>
  );
}

function OwnersOnly({ error, what }: { error: unknown; what: string }) {
  return (
    <p role="alert" className="rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
      {serverMessageOr(error, `${what} could not be loaded. Please try again.`)}
    </p>
  );
}

function WebhooksSection() {
  const webhooks = useWebhooks();
  const listings = useProviderHotels();
  const actions = useWebhookActions();
  const [url, setUrl] = useState('');
  const [hotelId, setHotelId] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(eventTypes.map((e) => e.value));
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const propertyId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      const made = await actions.add.mutateAsync({ url: url.trim(), hotelId: hotelId ? Number(hotelId) : null, events, description: description.trim() || null });
      setSecret({ label: `Signing secret for ${made.url}`, value: made.secret });
      setUrl('');
      setDescription('');
    } catch (err) {
      setError(serverMessageOr(err, 'The endpoint could not be added. Please try again.'));
    }
  };

  return (
    <section aria-labelledby="webhooks-heading" className="space-y-4">
      <div>
        <h2 id="webhooks-heading" className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <Webhook aria-hidden className="h-5 w-5" /> Webhooks
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Your systems hear of every new lead and status change at once: an HTTPS address of yours receives each as JSON, signed as the Standard Webhooks
          specification says (headers webhook-id, webhook-timestamp, webhook-signature). Failed deliveries are tried again for a day.
        </p>
      </div>

      {secret ? <ShownOnce label={secret.label} value={secret.value} onDone={() => setSecret(null)} /> : null}

      <Card className="p-4 sm:p-6">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4 lg:grid-cols-2" aria-label="Add a webhook endpoint">
          <TextField label="Endpoint URL" type="url" inputMode="url" placeholder="https://crm.example.com/hooks/reproute" value={url} onChange={(e) => setUrl(e.target.value)} required error={error} />
          <div>
            <label htmlFor={propertyId} className="mb-1.5 block text-sm font-medium text-slate-800">
              Property
            </label>
            <select id={propertyId} className="block h-[46px] w-full rounded-xl border border-slate-300 bg-white px-3 text-[15px] text-slate-900" value={hotelId} onChange={(e) => setHotelId(e.target.value)}>
              <option value="">All properties</option>
              {(listings.data ?? []).map((hotel) => (
                <option key={hotel.id} value={hotel.id}>
                  {hotel.name}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="lg:col-span-1">
            <legend className="mb-1.5 text-sm font-medium text-slate-800">Events</legend>
            <div className="space-y-2">
              {eventTypes.map((type) => (
                <label key={type.value} className="flex min-h-6 items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    checked={events.includes(type.value)}
                    onChange={(e) => setEvents((list) => (e.target.checked ? [...list, type.value] : list.filter((v) => v !== type.value)))}
                  />
                  {type.label}
                </label>
              ))}
            </div>
          </fieldset>
          <TextField label="Description (optional)" value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} placeholder="Our CRM" />
          <div className="lg:col-span-2">
            <Button type="submit" disabled={actions.add.isPending}>
              {actions.add.isPending ? 'Adding…' : 'Add Endpoint'}
            </Button>
          </div>
        </form>
      </Card>

      {webhooks.isPending ? (
        <Skeleton className="h-32" aria-busy="true" aria-label="Loading webhook endpoints" />
      ) : webhooks.isError ? (
        <OwnersOnly error={webhooks.error} what="Webhook endpoints" />
      ) : webhooks.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">No endpoints yet.</p>
      ) : (
        <ul className="space-y-4" aria-label="Webhook endpoints">
          {webhooks.data.items.map((endpoint) => (
            <li key={endpoint.id}>
              <EndpointCard endpoint={endpoint} onSecret={setSecret} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EndpointCard({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (secret: { label: string; value: string }) => void }) {
  const actions = useWebhookActions();
  const [logOpen, setLogOpen] = useState(false);
  const active = endpoint.status === 'active';
  const fail = (title: string) => (err: unknown) => toast({ title, description: serverMessageOr(err, 'Please try again.'), variant: 'destructive' });

  return (
    <Card className="p-4 sm:p-5" data-testid="webhook-endpoint">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="break-all font-mono text-sm font-semibold text-slate-900">{endpoint.url}</p>
          <p className="mt-1 text-sm text-slate-600">
            {endpoint.hotelName ?? 'All properties'} · {endpoint.events.join(', ')}
            {endpoint.description ? ` · ${endpoint.description}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge tone={active ? 'green' : 'amber'}>{active ? 'Active' : endpoint.disabledReason === 'failing' ? 'Off: failing for a day' : 'Off'}</Badge>
          {endpoint.failingSince && active ? <Badge tone="amber">Failing since {when(endpoint.failingSince)}</Badge> : null}
          {endpoint.previousSecretExpiresAt ? <Badge tone="ocean">Old secret signs until {when(endpoint.previousSecretExpiresAt)}</Badge> : null}
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" variant="outline" disabled={!active || actions.test.isPending} onClick={() => actions.test.mutateAsync(endpoint.id).then(() => { setLogOpen(true); toast({ title: 'Test event sent' }); }, fail('Test event not sent'))}>
          <Send aria-hidden className="h-4 w-4" /> Send Test Event
        </Button>
        <Button size="sm" variant="outline" aria-expanded={logOpen} onClick={() => setLogOpen((open) => !open)}>
          Delivery Log
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={actions.rotate.isPending}
          onClick={() => actions.rotate.mutateAsync(endpoint.id).then((answer) => onSecret({ label: `New signing secret for ${answer.url} (the old one keeps signing for a day)`, value: answer.secret }), fail('Secret not rotated'))}
        >
          <RotateCw aria-hidden className="h-4 w-4" /> Rotate Secret
        </Button>
        <Button size="sm" variant="outline" onClick={() => actions.setEnabled.mutateAsync({ id: endpoint.id, enabled: !active }).catch(fail('Not changed'))}>
          {active ? 'Turn Off' : 'Turn On'}
        </Button>
        <Button size="sm" variant="ghost" className="text-red-700" onClick={() => actions.remove.mutateAsync(endpoint.id).catch(fail('Not removed'))}>
          <Trash2 aria-hidden className="h-4 w-4" /> Remove
        </Button>
      </div>
      {logOpen ? <DeliveryLog endpointId={endpoint.id} active={active} /> : null}
    </Card>
  );
}

function DeliveryLog({ endpointId, active }: { endpointId: string; active: boolean }) {
  const log = useWebhookDeliveries(endpointId);
  const actions = useWebhookActions();
  if (log.isPending) return <Skeleton className="mt-4 h-24" aria-busy="true" aria-label="Loading the delivery log" />;
  if (log.isError) return <OwnersOnly error={log.error} what="The delivery log" />;
  if (log.data.items.length === 0) return <p className="mt-4 text-sm text-slate-600">Nothing sent yet. Send a test event to try the endpoint.</p>;
  return (
    <ol className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200" aria-label="Delivery log">
      {log.data.items.map((delivery) => (
        <li key={delivery.id} className="p-3 text-sm" data-testid="webhook-delivery">
          <DeliveryRow delivery={delivery} />
          <div className="mt-2">
            <Button
              size="sm"
              variant="outline"
              disabled={!active || actions.resend.isPending}
              onClick={() =>
                actions.resend.mutateAsync({ id: endpointId, deliveryId: delivery.id }).then(
                  () => toast({ title: 'Sent again' }),
                  (err: unknown) => toast({ title: 'Not sent', description: serverMessageOr(err, 'Please try again.'), variant: 'destructive' }),
                )
              }
            >
              Send Again
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const tone = delivery.state === 'delivered' ? 'green' : delivery.state === 'failed' ? 'amber' : 'slate';
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900">{delivery.eventType}</span>
        <Badge tone={tone}>{delivery.state === 'pending' ? (delivery.attempts.length > 0 ? 'Retrying' : 'Queued') : delivery.state === 'delivered' ? 'Delivered' : 'Failed'}</Badge>
        <span className="text-slate-500">{when(delivery.createdAt)}</span>
      </div>
      <p className="mt-0.5 break-all font-mono text-xs text-slate-500">{delivery.messageId}</p>
      {delivery.attempts.length > 0 ? (
        <ul className="mt-2 space-y-1" aria-label="Tries">
          {delivery.attempts.map((attempt, index) => (
            <li key={index} className="rounded-lg bg-slate-50 px-2.5 py-1.5 text-xs text-slate-700">
              <span className="font-medium">{when(attempt.at)}</span> · {attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : 'No answer'} · {attempt.latencyMs} ms
              {attempt.error ? <span className="block break-all text-red-700">{attempt.error}</span> : null}
              {attempt.responseExcerpt ? <span className="block break-all text-slate-500">{attempt.responseExcerpt}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {delivery.nextAttemptAt && delivery.attempts.length > 0 ? <p className="mt-1 text-xs text-slate-500">Next try {when(delivery.nextAttemptAt)}</p> : null}
    </>
  );
}

function ApiKeysSection() {
  const keys = useApiKeys();
  const actions = useApiKeyActions();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<ApiKeyScope[]>(['leads:read']);
  const [error, setError] = useState<string | undefined>();
  const [shown, setShown] = useState<{ label: string; value: string } | null>(null);
  const scopeErrorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      const made = await actions.create.mutateAsync({ name: name.trim(), scopes: chosen });
      setShown({ label: `API key “${made.name}”`, value: made.key });
      setName('');
    } catch (err) {
      setError(serverMessageOr(err, 'The key could not be made. Please try again.'));
    }
  };

  return (
    <section aria-labelledby="api-keys-heading" className="space-y-4">
      <div>
        <h2 id="api-keys-heading" className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <KeyRound aria-hidden className="h-5 w-5" /> API Keys
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          For your CRM to pull leads (GET /api/partner/leads) and set their status (PATCH /api/partner/leads/&#123;id&#125;), sent in the X-Api-Key header. A key can do only
          what its scopes say.
        </p>
      </div>

      {shown ? <ShownOnce label={shown.label} value={shown.value} onDone={() => setShown(null)} /> : null}

      <Card className="p-4 sm:p-6">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4 lg:grid-cols-2" aria-label="Create an API key">
          <TextField label="Key name" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} required placeholder="Salesforce" error={error} />
          <fieldset aria-describedby={scopeErrorId}>
            <legend className="mb-1.5 text-sm font-medium text-slate-800">Scopes</legend>
            <div className="space-y-2">
              {scopes.map((scope) => (
                <label key={scope.value} className="flex min-h-6 items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    checked={chosen.includes(scope.value)}
                    onChange={(e) => setChosen((list) => (e.target.checked ? [...list, scope.value] : list.filter((v) => v !== scope.value)))}
                  />
                  {scope.label}
                </label>
              ))}
            </div>
            <FieldError id={scopeErrorId} message={undefined} />
          </fieldset>
          <div className="lg:col-span-2">
            <Button type="submit" disabled={actions.create.isPending}>
              {actions.create.isPending ? 'Creating…' : 'Create Key'}
            </Button>
          </div>
        </form>
      </Card>

      {keys.isPending ? (
        <Skeleton className="h-24" aria-busy="true" aria-label="Loading API keys" />
      ) : keys.isError ? (
        <OwnersOnly error={keys.error} what="API keys" />
      ) : keys.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">No keys yet.</p>
      ) : (
        <ul className="space-y-3" aria-label="API keys">
          {keys.data.items.map((key) => (
            <li key={key.id}>
              <ApiKeyRow apiKey={key} onRevoke={() => actions.revoke.mutateAsync(key.id).catch((err: unknown) => toast({ title: 'Not revoked', description: serverMessageOr(err, 'Please try again.'), variant: 'destructive' }))} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ApiKeyRow({ apiKey, onRevoke }: { apiKey: ApiKeyAnswer; onRevoke: () => void }) {
  const revoked = apiKey.revokedAt !== null;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="api-key">
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-slate-900">
          {apiKey.name} <span className="font-mono text-xs font-normal text-slate-500">{apiKey.start}…</span>
        </p>
        <p className="mt-0.5 text-slate-600">
          {apiKey.scopes.join(', ')} · made {when(apiKey.createdAt)} · {apiKey.lastUsedAt ? `last used ${when(apiKey.lastUsedAt)}` : 'never used'}
        </p>
      </div>
      {revoked ? (
        <Badge tone="amber">Revoked {when(apiKey.revokedAt)}</Badge>
      ) : (
        <Button size="sm" variant="outline" className="text-red-700" onClick={onRevoke}>
          Revoke
        </Button>
      )}
    </Card>
  );
}
