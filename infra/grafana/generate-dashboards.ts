// Writes the Grafana dashboards (JSON) provisioned by docker-compose: RED per service, the event
// pipeline, and the business funnel. Run: node --import tsx infra/grafana/generate-dashboards.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dashboards');
let nextId = 1;

function panel(title: string, exprs: { expr: string; legend: string }[], opts: { unit?: string; x: number; y: number; w?: number; h?: number; type?: string } ) {
  return {
    id: nextId++,
    title,
    type: opts.type ?? 'timeseries',
    datasource: { type: 'prometheus', uid: 'prometheus' },
    gridPos: { x: opts.x, y: opts.y, w: opts.w ?? 12, h: opts.h ?? 8 },
    fieldConfig: { defaults: { unit: opts.unit ?? 'short' }, overrides: [] },
    targets: exprs.map((e, i) => ({ refId: String.fromCharCode(65 + i), expr: e.expr, legendFormat: e.legend })),
  };
}

function dashboard(uid: string, title: string, panels: unknown[], withServiceVar = false) {
  return {
    uid,
    title,
    tags: ['reproute'],
    timezone: 'browser',
    schemaVersion: 39,
    refresh: '10s',
    time: { from: 'now-1h', to: 'now' },
    templating: {
      list: withServiceVar
        ? [{ name: 'service', type: 'query', datasource: { type: 'prometheus', uid: 'prometheus' }, query: 'label_values(up{job="reproute"}, service)', includeAll: true, multi: true, current: { text: 'All', value: '$__all' }, refresh: 2 }]
        : [],
    },
    panels,
  };
}

const sel = 'service=~"$service"';
const red = dashboard('reproute-red', 'RepRoute · services (RED)', [
  panel('Request rate by service', [{ expr: `sum by (service) (rate(http_server_request_duration_seconds_count{${sel}}[1m]))`, legend: '{{service}}' }], { unit: 'reqps', x: 0, y: 0 }),
  panel('Error rate (5xx share)', [{ expr: `sum by (service) (rate(http_server_request_duration_seconds_count{${sel},status_code=~"5.."}[5m])) / sum by (service) (rate(http_server_request_duration_seconds_count{${sel}}[5m]))`, legend: '{{service}}' }], { unit: 'percentunit', x: 12, y: 0 }),
  panel('p95 latency by service', [{ expr: `histogram_quantile(0.95, sum by (service, le) (rate(http_server_request_duration_seconds_bucket{${sel}}[5m])))`, legend: '{{service}}' }], { unit: 's', x: 0, y: 8 }),
  panel('p95 latency by route', [{ expr: `histogram_quantile(0.95, sum by (service, route, le) (rate(http_server_request_duration_seconds_bucket{${sel}}[5m])))`, legend: '{{service}} {{route}}' }], { unit: 's', x: 12, y: 8 }),
  panel('4xx by route', [{ expr: `sum by (service, route, status_code) (rate(http_server_request_duration_seconds_count{${sel},status_code=~"4.."}[5m]))`, legend: '{{service}} {{route}} {{status_code}}' }], { unit: 'reqps', x: 0, y: 16 }),
  panel('Up', [{ expr: 'up{job="reproute"}', legend: '{{service}}' }], { x: 12, y: 16, type: 'stat' }),
], true);

const pipeline = dashboard('reproute-events', 'RepRoute · event pipeline', [
  panel('Consumer lag by group', [{ expr: 'sum by (group, topic) (kafka_consumer_lag)', legend: '{{group}} · {{topic}}' }], { x: 0, y: 0 }),
  panel('Events handled by outcome', [{ expr: 'sum by (consumer, outcome) (rate(events_consumed_total[1m]))', legend: '{{consumer}} {{outcome}}' }], { unit: 'ops', x: 12, y: 0 }),
  panel('Outbox backlog (unsent rows)', [{ expr: 'max by (service) (outbox_unsent_rows)', legend: '{{service}}' }], { x: 0, y: 8 }),
  panel('Age of oldest unsent outbox row', [{ expr: 'max by (service) (outbox_oldest_unsent_age_seconds)', legend: '{{service}}' }], { unit: 's', x: 12, y: 8 }),
  panel('Dead-lettered messages', [{ expr: 'sum by (consumer, topic) (increase(events_dead_lettered_total[5m]))', legend: '{{consumer}} · {{topic}}' }], { x: 0, y: 16 }),
  panel('Email queue depth and failures', [
    { expr: 'email_queue_waiting', legend: 'waiting' },
    { expr: 'email_queue_failed', legend: 'failed (kept for inspection)' },
  ], { x: 12, y: 16 }),
  panel('Email send latency p50 / p95', [
    { expr: 'histogram_quantile(0.5, sum by (le) (rate(email_send_duration_seconds_bucket[5m])))', legend: 'p50' },
    { expr: 'histogram_quantile(0.95, sum by (le) (rate(email_send_duration_seconds_bucket[5m])))', legend: 'p95' },
  ], { unit: 's', x: 0, y: 24 }),
  panel('Emails by type and outcome', [{ expr: 'sum by (type, outcome) (rate(emails_total[5m]))', legend: '{{type}} {{outcome}}' }], { unit: 'ops', x: 12, y: 24 }),
  panel('Messages per fetched batch by group (average)', [
    { expr: 'sum by (group) (rate(kafka_consumer_batch_messages_sum[5m])) / sum by (group) (rate(kafka_consumer_batch_messages_count[5m]))', legend: '{{group}}' },
  ], { x: 0, y: 32 }),
]);

const funnel = dashboard('reproute-funnel', 'RepRoute · business funnel', [
  panel('Searches, clicks, leads per minute', [
    { expr: 'sum(rate(business_events_total{action="search"}[5m])) * 60', legend: 'searches' },
    { expr: 'sum(rate(business_events_total{action="referral_click"}[5m])) * 60', legend: 'referral clicks' },
    { expr: 'sum(rate(business_events_total{action="lead"}[5m])) * 60', legend: 'leads' },
  ], { x: 0, y: 0, w: 24 }),
  panel('Click-through (clicks per search)', [{ expr: 'sum(rate(business_events_total{action="referral_click"}[1h])) / sum(rate(business_events_total{action="search"}[1h]))', legend: 'clicks / searches' }], { unit: 'percentunit', x: 0, y: 8 }),
  panel('Lead conversion (leads per click)', [{ expr: 'sum(rate(business_events_total{action="lead"}[1h])) / sum(rate(business_events_total{action="referral_click"}[1h]))', legend: 'leads / clicks' }], { unit: 'percentunit', x: 12, y: 8 }),
  panel('Reviews submitted and approved', [
    { expr: 'sum(increase(business_events_total{action="review_submitted"}[1h]))', legend: 'submitted' },
    { expr: 'sum(increase(business_events_total{action="review_approved"}[1h]))', legend: 'approved' },
  ], { x: 0, y: 16, w: 24 }),
]);

fs.mkdirSync(out, { recursive: true });
for (const d of [red, pipeline, funnel]) fs.writeFileSync(path.join(out, `${d.uid}.json`), `${JSON.stringify(d, null, 2)}\n`);
process.stdout.write(`wrote ${[red, pipeline, funnel].length} dashboards to ${out}\n`);
