// Realistic traveller journeys over the whole system, through the gateway.
// Scenario by SCENARIO=smoke|average|stress|spike|soak; BASE_URL defaults to the local gateway.
// Each request carries a `group` tag, so thresholds hold per endpoint group.
import http from 'k6/http';
import { check, sleep, group } from 'k6';
import { Counter } from 'k6/metrics';

const BASE = __ENV.BASE_URL || 'http://127.0.0.1:8080';
const SCENARIO = __ENV.SCENARIO || 'smoke';
const RATE = Number(__ENV.RATE || 20); // iterations per second for the arrival-rate scenarios

const scenarios = {
  smoke: { executor: 'shared-iterations', vus: 2, iterations: 10, maxDuration: '2m' },
  average: { executor: 'constant-arrival-rate', rate: RATE, timeUnit: '1s', duration: __ENV.DURATION || '5m', preAllocatedVUs: 20, maxVUs: 200 },
  stress: {
    executor: 'ramping-arrival-rate', startRate: 5, timeUnit: '1s', preAllocatedVUs: 50, maxVUs: 400,
    stages: [{ target: RATE, duration: '2m' }, { target: RATE * 2, duration: '3m' }, { target: RATE * 3, duration: '3m' }, { target: 0, duration: '1m' }],
  },
  spike: {
    executor: 'ramping-arrival-rate', startRate: 2, timeUnit: '1s', preAllocatedVUs: 50, maxVUs: 500,
    stages: [{ target: 2, duration: '30s' }, { target: RATE * 4, duration: '10s' }, { target: RATE * 4, duration: '1m' }, { target: 2, duration: '10s' }, { target: 2, duration: '30s' }],
  },
  soak: { executor: 'constant-arrival-rate', rate: Math.max(1, Math.round(RATE / 2)), timeUnit: '1s', duration: __ENV.DURATION || '30m', preAllocatedVUs: 20, maxVUs: 100 },
};

const p95 = SCENARIO === 'smoke' ? 1000 : 200;
export const options = {
  scenarios: { journeys: scenarios[SCENARIO] },
  thresholds: {
    http_req_failed: [SCENARIO === 'smoke' ? 'rate==0' : 'rate<0.001'],
    checks: ['rate>0.99'],
    'http_req_duration{group:::home}': [`p(95)<${p95}`],
    'http_req_duration{group:::search}': [`p(95)<${p95}`],
    'http_req_duration{group:::detail}': [`p(95)<${p95}`],
    'http_req_duration{group:::sign in}': [`p(95)<${Math.max(p95, 500)}`],
    'http_req_duration{group:::favourite}': [`p(95)<${p95}`],
    'http_req_duration{group:::booking}': [`p(95)<${p95}`],
  },
  summaryTrendStats: ['avg', 'p(50)', 'p(95)', 'p(99)', 'max'],
};

const leads = new Counter('leads_created');
const json = { headers: { 'content-type': 'application/json' } };
const searches = [
  { query: 'london' }, { query: 'Tokyo' }, { query: 'paris', eq: 'sauna' }, { eq: 'squat rack,treadmill' },
  { query: 'dubai', eq: 'pool' }, { query: 'united' }, {}, { eq: 'pilates equipment' },
];

export function setup() {
  const hotels = http.get(`${BASE}/api/hotels`).json();
  const login = http.post(`${BASE}/api/auth/login`, JSON.stringify({ email: __ENV.K6_EMAIL || 'traveller@reproute.example', password: __ENV.K6_PASSWORD || 'Traveller!2345' }), json);
  return { hotels: hotels.filter((h) => h.bookingUrl).map((h) => ({ id: h.id, slug: h.slug, name: h.name, bookingUrl: h.bookingUrl })), token: login.json('token') };
}

function pick(list) {
  return list[Math.floor(Math.random() * list.length)];
}

export default function (data) {
  const hotel = pick(data.hotels);
  const auth = { headers: { 'content-type': 'application/json', authorization: `Bearer ${data.token}` } };

  group('home', () => {
    check(http.get(`${BASE}/`), { 'home page loads': (r) => r.status === 200 });
    check(http.get(`${BASE}/api/hotels`), { 'hotels listed': (r) => r.status === 200 });
  });
  group('search', () => {
    const s = pick(searches);
    const qs = [s.query ? `query=${encodeURIComponent(s.query)}` : '', s.eq ? `eq=${encodeURIComponent(s.eq)}` : ''].filter(Boolean).join('&');
    check(http.get(`${BASE}/api/hotels/search?${qs}`), { 'search answers': (r) => r.status === 200 && Array.isArray(r.json('items')) });
  });
  group('detail', () => {
    check(http.get(`${BASE}/api/hotels/${hotel.slug}`), { 'detail answers': (r) => r.status === 200 });
    check(http.get(`${BASE}/api/hotels/${hotel.id}/reviews`), { 'reviews answer': (r) => r.status === 200 });
  });
  if (Math.random() < 0.2) {
    group('sign in', () => {
      const r = http.post(`${BASE}/api/auth/login`, JSON.stringify({ email: __ENV.K6_EMAIL || 'traveller@reproute.example', password: __ENV.K6_PASSWORD || 'Traveller!2345' }), json);
      check(r, { 'signed in': (res) => res.status === 200 });
    });
  }
  group('favourite', () => {
    check(http.post(`${BASE}/api/favorites`, JSON.stringify({ hotelId: hotel.id }), auth), { 'favourite added': (r) => r.status === 200 || r.status === 201 });
    check(http.get(`${BASE}/api/favorites`, auth), { 'favourites listed': (r) => r.status === 200 });
    check(http.del(`${BASE}/api/favorites/${hotel.id}`, null, { headers: { authorization: auth.headers.authorization } }), { 'favourite removed': (r) => r.status === 204 || r.status === 200 });
  });
  group('booking', () => {
    const click = { hotelId: hotel.id, hotelName: hotel.name, bookingUrl: hotel.bookingUrl, timestamp: new Date().toISOString(), searchParams: { checkIn: '2027-03-01', checkOut: '2027-03-04', guests: 2 } };
    check(http.post(`${BASE}/api/referral-clicks`, JSON.stringify(click), json), { 'click recorded': (r) => r.status === 201 });
    if (Math.random() < 0.3) {
      const lead = { hotelId: hotel.id, userId: null, name: 'Load Tester', email: 'load.tester@example.com', checkInDate: '2027-03-01', checkOutDate: '2027-03-04', guests: 2 };
      const r = http.post(`${BASE}/api/leads`, JSON.stringify(lead), json);
      if (check(r, { 'lead recorded': (res) => res.status === 201 })) leads.add(1);
    }
  });
  if (SCENARIO !== 'smoke') sleep(Math.random());
}

export function handleSummary(data) {
  const out = {};
  out[__ENV.SUMMARY_FILE || 'k6-summary.json'] = JSON.stringify(data, null, 2);
  const m = data.metrics;
  const lines = [`k6 ${SCENARIO}: ${m.iterations ? m.iterations.values.count : 0} iterations, ${m.http_reqs ? m.http_reqs.values.count : 0} requests (${m.http_reqs ? m.http_reqs.values.rate.toFixed(1) : 0}/s)`];
  lines.push(`  failed requests: ${((m.http_req_failed ? m.http_req_failed.values.rate : 0) * 100).toFixed(3)}%   checks passed: ${((m.checks ? m.checks.values.rate : 0) * 100).toFixed(2)}%`);
  for (const [name, metric] of Object.entries(m)) {
    if (name.startsWith('http_req_duration{group')) {
      const v = metric.values;
      lines.push(`  ${name.replace('http_req_duration', '').padEnd(22)} p50 ${v['p(50)'].toFixed(1)} ms  p95 ${v['p(95)'].toFixed(1)} ms  p99 ${v['p(99)'].toFixed(1)} ms`);
    }
  }
  const failed = Object.entries(m).filter(([, metric]) => metric.thresholds && Object.values(metric.thresholds).some((t) => !t.ok)).map(([n]) => n);
  lines.push(failed.length ? `  thresholds FAILED: ${failed.join(', ')}` : '  all thresholds met');
  out.stdout = lines.join('\n') + '\n';
  return out;
}
