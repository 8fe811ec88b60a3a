// Checks the Helm chart in infra/helm/reproute without a cluster: `helm lint`, then `helm template` with the
// default values, with values-production.yaml and with a chart-created Secret, and checks of the rendered
// manifests (probes, resources, non-root, secrets only through secretKeyRef, an HPA, a PDB and a Service per
// Deployment, the environment names the processes read). One line per check; the last line is
// `N passed, N failed`. Exit code 1 when any check failed.
// Usage: node --import tsx infra/scripts/helm-check.ts [--helm <helm binary>] [--junit <report.xml>] [-- <extra helm args>]
// (run through infra/scripts/helm.sh, which builds helm on first use).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const chart = path.join(root, 'infra/helm/reproute');
// Arguments after `--` go to every helm lint and helm template (e.g. `-- -f my-values.yaml` to check your own values).
const argv = process.argv.slice(2);
const dashes = argv.indexOf('--');
const args = dashes >= 0 ? argv.slice(0, dashes) : argv;
const extraHelmArgs = dashes >= 0 ? argv.slice(dashes + 1) : [];
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const helm = option('--helm') ?? process.env.HELM ?? 'helm';
const junitFile = option('--junit') ?? process.env.HELM_CHECK_JUNIT;
// helm built with `go install` reports Kubernetes v1.20 to `helm template` (no build-time version stamp).
const kubeVersion = process.env.HELM_KUBE_VERSION ?? '1.31.0';

/** The processes the chart must run, and the SERVICE_DIR each needs in the one image (Dockerfile's CMD). */
const components: Record<string, { dir: string; port: number }> = {
  gateway: { dir: 'gateway', port: 8080 },
  identity: { dir: 'services/identity', port: 4001 },
  catalog: { dir: 'services/catalog', port: 4002 },
  engagement: { dir: 'services/engagement', port: 4003 },
  referral: { dir: 'services/referral', port: 4004 },
  analytics: { dir: 'services/analytics', port: 4005 },
  notifier: { dir: 'services/notifier', port: 4006 },
};
const backEnd = Object.keys(components).filter((n) => n !== 'gateway');

// ── results ────────────────────────────────────────────────────────────────────────────────────
type Result = { group: string; name: string; ok: boolean; detail: string };
const results: Result[] = [];
function check(group: string, name: string, ok: boolean, detail = ''): boolean {
  results.push({ group, name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${group}: ${name}${!ok && detail ? ` — ${detail}` : ''}`);
  return ok;
}

// ── the environment names each process reads (its zod schema, plus what the platform reads itself) ──
function schemaNames(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/^\s+([A-Z][A-Z0-9_]*):\s*[a-z]/gm)].map((m) => m[1]!);
}
const platformNames = [
  ...schemaNames('services/platform/src/config.ts'),
  ...schemaNames('services/platform/src/http.ts'), // SHED_*
  'TRACE_SAMPLE_RATIO', // telemetry/sampling.ts
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'SERVICE_DIR', // the image's CMD
  'PGPASSWORD', // node-postgres: the role's password when DATABASE_URL carries none
  'PGSSLMODE',
];
function knownNames(name: string): Set<string> {
  const own = name === 'gateway' ? schemaNames('gateway/src/config.ts') : schemaNames(`services/${name}/src/config.ts`);
  return new Set([...platformNames, ...own]);
}

// ── manifests ──────────────────────────────────────────────────────────────────────────────────
type Obj = Record<string, unknown>;
type Manifest = { apiVersion?: string; kind?: string; metadata?: { name?: string; labels?: Record<string, string>; annotations?: Record<string, string> }; spec?: Obj };
type EnvVar = { name: string; value?: string; valueFrom?: { secretKeyRef?: { name?: string; key?: string }; configMapKeyRef?: unknown; fieldRef?: unknown } };
type Probe = { httpGet?: { path?: string; port?: string | number } };
type Container = {
  name: string;
  image?: string;
  env?: EnvVar[];
  ports?: { name?: string; containerPort?: number }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  resources?: { requests?: Record<string, unknown>; limits?: Record<string, unknown> };
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; allowPrivilegeEscalation?: boolean };
};
type PodSpec = { containers?: Container[]; initContainers?: Container[]; securityContext?: { runAsNonRoot?: boolean; runAsUser?: number } };
type PodTemplate = { metadata?: { labels?: Record<string, string> }; spec?: PodSpec };

function helmRun(label: string, helmArgs: string[]): { ok: boolean; out: string; err: string } {
  const r = spawnSync(helm, [...helmArgs, ...(helmArgs[0] === 'version' ? [] : extraHelmArgs)], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) return { ok: false, out: '', err: `${label}: ${r.error.message}` };
  return { ok: r.status === 0, out: r.stdout, err: (r.stderr || r.stdout).trim().split('\n').slice(-3).join(' | ') };
}

function parse(text: string): Manifest[] {
  return parseAllDocuments(text)
    .map((d) => d.toJS() as Manifest | null)
    .filter((m): m is Manifest => m !== null && typeof m === 'object' && typeof m.kind === 'string');
}

const SECRET_NAME = /(^|_)(KEY|PASSWORD|PASSWD|SECRET|TOKEN|CREDENTIALS?)(_|$)/;
// Settings about a secret rather than the secret itself: a path, a lifetime, a size or a limit.
const NOT_A_SECRET = /(_FILE|_TTL|_SECONDS|_MINUTES|_HOURS|_DAYS|_MAX|_BYTES|_PER_[A-Z_]+)$/;
const looksSecret = (name: string) => SECRET_NAME.test(name) && !NOT_A_SECRET.test(name);
const CREDENTIALS_IN_URL = /^[a-z][a-z0-9+.-]*:\/\/[^/@\s:]*:[^/@\s]+@/i;

const labelsMatch = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);

const envOf = (c: Container) => new Map((c.env ?? []).map((e) => [e.name, e]));
const plain = (env: Map<string, EnvVar>, name: string) => env.get(name)?.value;
const secretRef = (env: Map<string, EnvVar>, name: string) => env.get(name)?.valueFrom?.secretKeyRef;

/** Checks every container of a pod template: resources, non-root, secret-looking variables. */
function checkPod(group: string, pod: PodTemplate | undefined) {
  const spec = pod?.spec ?? {};
  const containers = [...(spec.containers ?? []), ...(spec.initContainers ?? [])];
  check(group, 'has containers', containers.length > 0);
  for (const c of containers) {
    const req = c.resources?.requests ?? {};
    const lim = c.resources?.limits ?? {};
    const missing = [...['cpu', 'memory'].filter((r) => req[r] === undefined).map((r) => `requests.${r}`), ...['cpu', 'memory'].filter((r) => lim[r] === undefined).map((r) => `limits.${r}`)];
    check(group, `container ${c.name}: resource requests and limits (cpu, memory)`, missing.length === 0, `missing ${missing.join(', ')}`);
    const nonRoot = (c.securityContext?.runAsNonRoot ?? spec.securityContext?.runAsNonRoot) === true;
    const uid = c.securityContext?.runAsUser ?? spec.securityContext?.runAsUser;
    check(group, `container ${c.name}: runs as non-root (runAsNonRoot, uid ≠ 0)`, nonRoot && uid !== 0, `runAsNonRoot=${String(nonRoot)} runAsUser=${String(uid)}`);
    check(group, `container ${c.name}: no privilege escalation`, c.securityContext?.allowPrivilegeEscalation === false);
    const plainSecrets = (c.env ?? []).filter((e) => looksSecret(e.name) && !e.valueFrom?.secretKeyRef).map((e) => e.name);
    check(group, `container ${c.name}: secret-looking variables come from a secretKeyRef`, plainSecrets.length === 0, `plain: ${plainSecrets.join(', ')}`);
    const urlsWithPasswords = (c.env ?? []).filter((e) => typeof e.value === 'string' && CREDENTIALS_IN_URL.test(e.value)).map((e) => e.name);
    check(group, `container ${c.name}: no password inside a plain URL`, urlsWithPasswords.length === 0, `in ${urlsWithPasswords.join(', ')}`);
  }
}

function checkRender(render: string, manifests: Manifest[], profile: { production: boolean; secretName: string }) {
  const all = (kind: string) => manifests.filter((m) => m.kind === kind);
  const deployments = all('Deployment');
  const hpas = all('HorizontalPodAutoscaler');
  const pdbs = all('PodDisruptionBudget');
  const services = all('Service');
  const componentOf = (m: Manifest) => m.metadata?.labels?.['app.kubernetes.io/component'] ?? m.metadata?.name ?? '?';

  const names = deployments.map(componentOf).sort();
  const absent = Object.keys(components).filter((n) => !names.includes(n));
  check(render, `a Deployment for each of ${Object.keys(components).join(', ')}`, absent.length === 0, `missing ${absent.join(', ')}`);
  const images = new Set(deployments.flatMap((d) => ((d.spec?.template as PodTemplate | undefined)?.spec?.containers ?? []).map((c) => c.image)));
  check(render, 'every Deployment runs the one project image', images.size === 1, `images: ${[...images].join(', ')}`);

  const serviceByName = new Map(services.map((s) => [s.metadata?.name ?? '', s]));

  for (const d of deployments) {
    const name = componentOf(d);
    const group = `${render} ${name}`;
    const template = d.spec?.template as PodTemplate | undefined;
    const podLabels = template?.metadata?.labels;
    const expected = components[name];
    checkPod(group, template);
    const container = template?.spec?.containers?.[0];
    if (!container || !expected) {
      check(group, 'is one of the project processes', false, `unknown component ${name}`);
      continue;
    }
    const env = envOf(container);
    const port = container.ports?.find((p) => p.name === 'http')?.containerPort ?? container.ports?.[0]?.containerPort;

    // Probes (the platform serves /health/live and /health/ready on every process, the gateway included).
    const probeOk = (p: Probe | undefined, paths: string[]) => !!p?.httpGet?.path && paths.includes(p.httpGet.path) && (p.httpGet.port === 'http' || p.httpGet.port === port);
    check(group, 'liveness probe on /health/live', probeOk(container.livenessProbe, ['/health/live']), JSON.stringify(container.livenessProbe ?? null));
    check(group, `readiness probe on /health/ready${name === 'gateway' ? ' or /api/health' : ''}`, probeOk(container.readinessProbe, name === 'gateway' ? ['/health/ready', '/api/health'] : ['/health/ready']), JSON.stringify(container.readinessProbe ?? null));

    // The process and how it listens.
    check(group, `SERVICE_DIR=${expected.dir} (the image's CMD runs that directory)`, plain(env, 'SERVICE_DIR') === expected.dir, `got ${String(plain(env, 'SERVICE_DIR'))}`);
    check(group, 'SERVICE_NAME, HOST=0.0.0.0, NODE_ENV=production', plain(env, 'SERVICE_NAME') === name && plain(env, 'HOST') === '0.0.0.0' && plain(env, 'NODE_ENV') === 'production');
    check(group, 'PORT is the container port', Number(plain(env, 'PORT')) === port && port !== undefined, `PORT=${String(plain(env, 'PORT'))} containerPort=${String(port)}`);
    const ratio = Number(plain(env, 'TRACE_SAMPLE_RATIO'));
    check(group, 'TRACE_SAMPLE_RATIO set, between 0 and 1', env.has('TRACE_SAMPLE_RATIO') && ratio >= 0 && ratio <= 1);
    check(group, 'REDIS_URL set', env.has('REDIS_URL'));
    const known = knownNames(name);
    const unknown = [...env.keys()].filter((k) => !known.has(k));
    check(group, 'every variable is one the process reads (its config schema)', unknown.length === 0, `unknown: ${unknown.join(', ')}`);

    if (name === 'gateway') {
      for (const upstream of backEnd) {
        const url = plain(env, `${upstream.toUpperCase()}_URL`);
        const u = url ? new URL(url) : undefined;
        const svc = u ? serviceByName.get(u.hostname) : undefined;
        const svcPort = (svc?.spec?.ports as { port?: number }[] | undefined)?.[0]?.port;
        check(group, `${upstream.toUpperCase()}_URL points at the ${upstream} Service`, !!svc && componentOf(svc) === upstream && String(svcPort) === u?.port, `url ${String(url)}`);
      }
    } else {
      const dbUrl = plain(env, 'DATABASE_URL');
      const role = (() => {
        try {
          return dbUrl ? decodeURIComponent(new URL(dbUrl).username) : '';
        } catch {
          return '';
        }
      })();
      check(group, `DATABASE_URL connects as the role ${name}, DB_SCHEMA=${name}`, role === name && plain(env, 'DB_SCHEMA') === name, `url ${String(dbUrl)}`);
      const dbPassword = secretRef(env, 'PGPASSWORD');
      check(group, 'the role password (PGPASSWORD) comes from a Secret', !!dbPassword?.name && !!dbPassword.key, 'no secretKeyRef');
      check(group, 'KAFKA_BROKERS set', !!plain(env, 'KAFKA_BROKERS'));
      const jwks = plain(env, 'IDENTITY_JWKS_URL');
      const jwksHost = jwks ? new URL(jwks).hostname : '';
      check(group, 'IDENTITY_JWKS_URL points at the identity Service', !!serviceByName.get(jwksHost) && componentOf(serviceByName.get(jwksHost)!) === 'identity', `url ${String(jwks)}`);
    }
    if (name === 'identity') {
      check(group, 'JWT_PRIVATE_KEY from a Secret', !!secretRef(env, 'JWT_PRIVATE_KEY'));
    }
    if (name === 'identity' || name === 'notifier') {
      check(group, 'RESET_LINK_KEY from a Secret', !!secretRef(env, 'RESET_LINK_KEY'));
    }
    if (name === 'notifier') check(group, 'SMTP_HOST set', !!plain(env, 'SMTP_HOST'));
    if (name !== 'gateway') {
      const secretNames = [...env.values()].map((e) => e.valueFrom?.secretKeyRef?.name).filter((n): n is string => !!n);
      check(group, `its keys and passwords come from the Secret ${profile.secretName}`, secretNames.includes(profile.secretName), `secrets: ${secretNames.join(', ')}`);
    }

    // Scaling and availability.
    const hpa = hpas.find((h) => {
      const ref = h.spec?.scaleTargetRef as { kind?: string; name?: string } | undefined;
      return ref?.kind === 'Deployment' && ref.name === d.metadata?.name;
    });
    const cpuMetric = ((hpa?.spec?.metrics as { type?: string; resource?: { name?: string; target?: { type?: string } } }[] | undefined) ?? []).some(
      (m) => m.type === 'Resource' && m.resource?.name === 'cpu' && m.resource.target?.type === 'Utilization',
    );
    check(group, 'has an autoscaling/v2 HPA on CPU utilization', hpa?.apiVersion === 'autoscaling/v2' && cpuMetric, hpa ? `apiVersion ${String(hpa.apiVersion)}, cpu metric ${String(cpuMetric)}` : 'no HPA');
    const min = Number(hpa?.spec?.minReplicas ?? 1);
    const max = Number(hpa?.spec?.maxReplicas ?? 0);
    check(group, `HPA replicas: min ≥ ${profile.production ? 2 : 1}, max ≥ min`, !!hpa && min >= (profile.production ? 2 : 1) && max >= min, `min ${min} max ${max}`);
    const pdb = pdbs.find((p) => labelsMatch((p.spec?.selector as { matchLabels?: Record<string, string> } | undefined)?.matchLabels, podLabels));
    check(group, 'has a PodDisruptionBudget selecting its pods', !!pdb && (pdb.spec?.minAvailable !== undefined || pdb.spec?.maxUnavailable !== undefined));
    const svc = services.find((s) => labelsMatch(s.spec?.selector as Record<string, string> | undefined, podLabels));
    const svcPorts = (svc?.spec?.ports as { targetPort?: string | number }[] | undefined) ?? [];
    check(group, 'has a Service selecting its pods, on its port', !!svc && svcPorts.some((p) => p.targetPort === 'http' || p.targetPort === port));
    const deploymentSelector = (d.spec?.selector as { matchLabels?: Record<string, string> } | undefined)?.matchLabels;
    check(group, 'selector matches its pod labels', labelsMatch(deploymentSelector, podLabels));
  }

  // The ingress: everything to the gateway, which serves the SPA.
  const ingress = all('Ingress')[0];
  const backend = ((ingress?.spec?.rules as { http?: { paths?: { backend?: { service?: { name?: string; port?: { number?: number } } } }[] } }[] | undefined) ?? [])[0]?.http?.paths?.[0]?.backend?.service;
  const gatewayService = backend?.name ? serviceByName.get(backend.name) : undefined;
  check(render, 'an Ingress routes to the gateway Service', !!gatewayService && componentOf(gatewayService) === 'gateway' && backend?.port?.number === components.gateway!.port);
  if (profile.production) check(render, 'the Ingress has TLS', Array.isArray(ingress?.spec?.tls) && (ingress.spec.tls as unknown[]).length > 0);

  // The migration Job: a hook before install and upgrade.
  const job = all('Job').find((j) => componentOf(j) === 'migrate');
  const hook = job?.metadata?.annotations?.['helm.sh/hook'] ?? '';
  check(render, 'a migration Job runs as a pre-install,pre-upgrade hook', !!job && hook.split(',').includes('pre-install') && hook.split(',').includes('pre-upgrade'), `hook "${hook}"`);
  const jobPod = (job?.spec as { template?: PodTemplate } | undefined)?.template;
  const script = JSON.stringify(jobPod?.spec?.containers?.[0] ?? {});
  const unmigrated = backEnd.filter((n) => !new RegExp(`SERVICES=${n} [^\\n]*migrate\\.ts`).test(script));
  check(render, 'the Job migrates every service as its own role (infra/scripts/migrate.ts)', unmigrated.length === 0, `missing ${unmigrated.join(', ')}`);
  if (job) checkPod(`${render} migrate-job`, jobPod);

  // Every Deployment's secret is there before the Job runs, when the chart makes it.
  const secret = all('Secret').find((s) => s.metadata?.name === profile.secretName);
  if (secret) {
    const weight = Number(secret.metadata?.annotations?.['helm.sh/hook-weight'] ?? 0);
    const jobWeight = Number(job?.metadata?.annotations?.['helm.sh/hook-weight'] ?? 0);
    check(render, "the chart's Secret is a hook created before the migration Job", (secret.metadata?.annotations?.['helm.sh/hook'] ?? '').includes('pre-install') && weight < jobWeight);
    const keys = Object.keys({ ...((secret as Obj).stringData as Obj | undefined), ...((secret as Obj).data as Obj | undefined) });
    const wanted = ['jwt-private-key', 'reset-link-key', ...backEnd.map((n) => `${n}-db-password`)];
    check(render, "the chart's Secret holds every key the pods read", wanted.every((k) => keys.includes(k)), `missing ${wanted.filter((k) => !keys.includes(k)).join(', ')}`);
  }
}

// ── the runs ───────────────────────────────────────────────────────────────────────────────────
const version = helmRun('helm version', ['version', '--short']);
if (!check('helm', `helm runs (${helm})`, version.ok, version.err)) {
  finish();
}

const production = ['-f', path.join(chart, 'values-production.yaml')];
// Throwaway values for the chart-created Secret path (never real keys).
const ownSecret = [
  '--set', 'secrets.existingSecret=',
  '--set', 'secrets.jwtPrivateKey=check-only-not-a-key',
  '--set', 'secrets.resetLinkKey=dGVzdA==',
  ...backEnd.flatMap((n) => ['--set', `secrets.dbPasswords.${n}=check-only`]),
];
for (const [label, extra] of [['default values', []], ['values-production.yaml', production]] as const) {
  const lint = helmRun('helm lint', ['lint', chart, '--strict', '--kube-version', kubeVersion, ...extra]);
  check('helm lint', label, lint.ok, lint.err);
}
const renders: { label: string; extra: string[]; production: boolean; secretName: string }[] = [
  { label: 'default', extra: [], production: false, secretName: 'reproute-secrets' },
  { label: 'production', extra: production, production: true, secretName: 'reproute-secrets' },
  { label: 'own-secret', extra: ownSecret, production: false, secretName: 'release-reproute-secrets' },
];
for (const r of renders) {
  const t = helmRun('helm template', ['template', 'release', chart, '--kube-version', kubeVersion, ...r.extra]);
  if (!check(r.label, 'helm template renders', t.ok, t.err)) continue;
  let manifests: Manifest[];
  try {
    manifests = parse(t.out);
  } catch (err) {
    check(r.label, 'rendered YAML parses', false, (err as Error).message);
    continue;
  }
  check(r.label, 'rendered YAML parses', true);
  checkRender(r.label, manifests, r);
}
// Without an existing Secret and without the values, the chart refuses to render (no default secret).
const refused = helmRun('helm template', ['template', 'release', chart, '--kube-version', kubeVersion, '--set', 'secrets.existingSecret=']);
check('no-secret', 'helm template refuses to render without secrets (no default values)', !refused.ok && /required/.test(refused.err), refused.ok ? 'rendered' : refused.err);
const inValues = fs.readFileSync(path.join(chart, 'values.yaml'), 'utf8');
check('values.yaml', 'holds no secret value (jwtPrivateKey, resetLinkKey, smtpPassword empty; no passwords)', /jwtPrivateKey: ""/.test(inValues) && /resetLinkKey: ""/.test(inValues) && /smtpPassword: ""/.test(inValues) && /dbPasswords: \{\}/.test(inValues) && /seedPasswords: \{\}/.test(inValues));

finish();

function finish(): never {
  const failed = results.filter((r) => !r.ok).length;
  const passed = results.length - failed;
  if (junitFile) {
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    const cases = results
      .map((r) => `  <testcase classname="${esc(r.group)}" name="${esc(r.name)}">${r.ok ? '' : `<failure message="${esc(r.detail || 'failed')}"/>`}</testcase>`)
      .join('\n');
    fs.mkdirSync(path.dirname(junitFile), { recursive: true });
    fs.writeFileSync(junitFile, `<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="helm-chart" tests="${results.length}" failures="${failed}">\n${cases}\n</testsuite>\n`);
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}
