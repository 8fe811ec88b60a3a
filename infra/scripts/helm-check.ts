// Checks the Helm chart in infra/helm/reproute without a cluster: `helm lint`, then `helm template` with the
// default values, with values-production.yaml and with a chart-created Secret, and checks of the rendered
// manifests (probes, resources, security contexts, secrets only through secretKeyRef and never in a ConfigMap or a
// plain value, an HPA, a PDB and a Service per Deployment, the environment names the processes read, readiness and
// metrics on the ops port only, the NetworkPolicies, TLS and credentials of the connections). One line per check;
// the last line is `N passed, N failed`. Exit code 1 when any check failed.
// Usage: node --import tsx infra/scripts/helm-check.ts [--helm <helm binary>] [--junit <report.xml>] [-- <extra helm args>]
// (run through infra/scripts/helm.sh, which builds helm on first use).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { gatewayProcess, services } from '@reproute/contracts';
import { variablesOf } from './config-schemas.ts';

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

/** The processes the chart must run (contracts' services table and the gateway), and the SERVICE_DIR each needs in the one image (Dockerfile's CMD). */
const components: Record<string, { dir: string; port: number }> = {
  [gatewayProcess.name]: { dir: 'gateway', port: gatewayProcess.port },
  ...Object.fromEntries(services.map((service) => [service.name, { dir: `services/${service.name}`, port: service.port }])),
};
const backEnd = Object.keys(components).filter((n) => n !== 'gateway');
/** Every process's ops port is its port + this (the platform's opsPortOffset, deployment-settings.ts). */
const opsOffset = Number(/export const opsPortOffset = (\d+);/.exec(fs.readFileSync(path.join(root, 'services/platform/src/deployment-settings.ts'), 'utf8'))?.[1]);

// ── results ────────────────────────────────────────────────────────────────────────────────────
type Result = { group: string; name: string; ok: boolean; detail: string };
const results: Result[] = [];
function check(group: string, name: string, ok: boolean, detail = ''): boolean {
  results.push({ group, name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${group}: ${name}${!ok && detail ? ` — ${detail}` : ''}`);
  return ok;
}

// ── the environment names each process reads (its zod schema: config-schemas.ts), plus what others read ──
const otherNames = [
  'SERVICE_DIR', // the image's CMD
  'PGPASSWORD', // node-postgres: the role's password when DATABASE_URL carries none
  'MALLOC_ARENA_MAX', // glibc: the catalog's malloc arenas (photo decoding)
];
function knownNames(name: string): Set<string> {
  return new Set([...variablesOf(name), ...otherNames]);
}

// ── manifests ──────────────────────────────────────────────────────────────────────────────────
type Obj = Record<string, unknown>;
type Manifest = { apiVersion?: string; kind?: string; metadata?: { name?: string; labels?: Record<string, string>; annotations?: Record<string, string> }; spec?: Obj; data?: Obj; stringData?: Obj };
type EnvVar = { name: string; value?: string; valueFrom?: { secretKeyRef?: { name?: string; key?: string }; configMapKeyRef?: unknown; fieldRef?: unknown } };
type Probe = { httpGet?: { path?: string; port?: string | number } };
type SecurityContext = {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  allowPrivilegeEscalation?: boolean;
  readOnlyRootFilesystem?: boolean;
  privileged?: boolean;
  capabilities?: { drop?: string[]; add?: string[] };
  seccompProfile?: { type?: string };
};
type Container = {
  name: string;
  image?: string;
  env?: EnvVar[];
  ports?: { name?: string; containerPort?: number }[];
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  resources?: { requests?: Record<string, unknown>; limits?: Record<string, unknown> };
  securityContext?: SecurityContext;
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
};
type Volume = { name: string; secret?: { secretName?: string }; emptyDir?: unknown };
type PodSpec = { containers?: Container[]; initContainers?: Container[]; securityContext?: SecurityContext; volumes?: Volume[]; hostNetwork?: boolean };
type PodTemplate = { metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> }; spec?: PodSpec };
type Peer = { podSelector?: { matchLabels?: Record<string, string> }; namespaceSelector?: { matchLabels?: Record<string, string> }; ipBlock?: { cidr?: string } };
type PolicyPort = { port?: string | number; protocol?: string };
type PolicyRule = { from?: Peer[]; to?: Peer[]; ports?: PolicyPort[] };
type PolicySpec = { podSelector?: { matchLabels?: Record<string, string> }; policyTypes?: string[]; ingress?: PolicyRule[]; egress?: PolicyRule[] };

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
    check(group, `container ${c.name}: read-only root filesystem`, c.securityContext?.readOnlyRootFilesystem === true);
    check(group, `container ${c.name}: drops ALL capabilities, adds none`, (c.securityContext?.capabilities?.drop ?? []).includes('ALL') && (c.securityContext?.capabilities?.add ?? []).length === 0, JSON.stringify(c.securityContext?.capabilities ?? null));
    check(group, `container ${c.name}: not privileged`, c.securityContext?.privileged !== true);
    const seccomp = c.securityContext?.seccompProfile?.type ?? spec.securityContext?.seccompProfile?.type;
    check(group, `container ${c.name}: seccomp profile RuntimeDefault`, seccomp === 'RuntimeDefault', `seccompProfile ${String(seccomp)}`);
    // A file a setting names (a CA bundle) is mounted from a Secret, read-only.
    for (const e of (c.env ?? []).filter((v) => /(_FILE|^PGSSLROOTCERT)$/.test(v.name) && v.value?.startsWith('/etc/'))) {
      const mount = (c.volumeMounts ?? []).find((m) => e.value!.startsWith(`${m.mountPath.replace(/\/$/, '')}/`));
      const volume = spec.volumes?.find((v) => v.name === mount?.name);
      check(group, `container ${c.name}: ${e.name} is a file mounted read-only from a Secret`, !!mount?.readOnly && !!volume?.secret?.secretName, `${e.value} ${mount ? `in ${mount.name}` : 'not mounted'}`);
    }
    const plainSecrets = (c.env ?? []).filter((e) => looksSecret(e.name) && !e.valueFrom?.secretKeyRef).map((e) => e.name);
    check(group, `container ${c.name}: secret-looking variables come from a secretKeyRef`, plainSecrets.length === 0, `plain: ${plainSecrets.join(', ')}`);
    const urlsWithPasswords = (c.env ?? []).filter((e) => typeof e.value === 'string' && CREDENTIALS_IN_URL.test(e.value)).map((e) => e.name);
    check(group, `container ${c.name}: no password inside a plain URL`, urlsWithPasswords.length === 0, `in ${urlsWithPasswords.join(', ')}`);
  }
}

/** What a render is expected to hold beyond the common checks. */
type Profile = {
  production: boolean;
  secretName: string;
  /** Throwaway secret values given to this render: they may appear in a Secret and nowhere else. */
  secretValues?: string[];
  /** The connections' credentials and TLS this render sets (platform deployment-settings.ts). */
  connections?: { kafkaSasl?: boolean; kafkaTls?: boolean; redisAuth?: boolean; redisTls?: boolean; postgresSslMode?: string };
};

function checkRender(render: string, manifests: Manifest[], profile: Profile) {
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

    // Probes: every process serves /health/live on its port and on its ops port, /health/ready and /metrics on its
    // ops port only (the platform's ops.ts), the gateway included: the port the ingress reaches answers those 404.
    const opsPort = container.ports?.find((p) => p.name === 'ops')?.containerPort;
    const probeOk = (p: Probe | undefined, paths: string[], ports: (string | number | undefined)[]) => !!p?.httpGet?.path && paths.includes(p.httpGet.path) && ports.includes(p.httpGet.port);
    check(group, `an ops port (named ops) = its port + ${opsOffset}`, port !== undefined && opsPort === port + opsOffset, `port ${String(port)} ops ${String(opsPort)}`);
    check(group, 'OPS_PORT is the ops container port', Number(plain(env, 'OPS_PORT')) === opsPort, `OPS_PORT=${String(plain(env, 'OPS_PORT'))}`);
    check(group, 'liveness probe on /health/live', probeOk(container.livenessProbe, ['/health/live'], ['http', port, 'ops', opsPort]), JSON.stringify(container.livenessProbe ?? null));
    check(group, 'readiness probe on /health/ready at the ops port', probeOk(container.readinessProbe, ['/health/ready'], ['ops', opsPort]), JSON.stringify(container.readinessProbe ?? null));
    const annotations = template?.metadata?.annotations ?? {};
    if (annotations['prometheus.io/scrape'] === 'true') {
      check(group, "Prometheus' annotations name the ops port and /metrics", annotations['prometheus.io/port'] === String(opsPort) && annotations['prometheus.io/path'] === '/metrics', JSON.stringify(annotations));
    }

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
        // The gateway asks each service's readiness at its address + UPSTREAM_OPS_PORT_OFFSET (default 50).
        const offset = Number(plain(env, 'UPSTREAM_OPS_PORT_OFFSET') ?? opsOffset);
        const svcOps = (svc?.spec?.ports as { name?: string; port?: number; targetPort?: string | number }[] | undefined)?.find((p) => p.name === 'ops');
        check(group, `the ${upstream} Service's ops port is where the gateway asks its readiness`, !!svcOps && svcOps.targetPort === 'ops' && svcOps.port === Number(u?.port) + offset, `ops ${JSON.stringify(svcOps ?? null)}`);
      }
      const ownService = services.find((sv) => labelsMatch(sv.spec?.selector as Record<string, string> | undefined, podLabels));
      const ownPorts = (ownService?.spec?.ports as { name?: string; targetPort?: string | number; port?: number }[] | undefined) ?? [];
      check(group, "the gateway's Service exposes its port only, not its ops port", ownPorts.length > 0 && ownPorts.every((p) => p.targetPort === 'http' || p.targetPort === port), JSON.stringify(ownPorts));
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
      check(group, 'EMAIL_LINK_KEY from a Secret', !!secretRef(env, 'EMAIL_LINK_KEY'));
    }
    // The gateway signs the client address and every service checks it: all with one key, from the Secret.
    check(group, 'CLIENT_ADDRESS_KEY from a Secret', !!secretRef(env, 'CLIENT_ADDRESS_KEY'));
    if (name === 'catalog') check(group, 'MALLOC_ARENA_MAX=1 (photo decoding memory)', plain(env, 'MALLOC_ARENA_MAX') === '1');
    if (name === 'gateway' && profile.production) check(group, 'HSTS_MAX_AGE_SECONDS of at least a year in production', Number(plain(env, 'HSTS_MAX_AGE_SECONDS')) >= 31_536_000, `value ${String(plain(env, 'HSTS_MAX_AGE_SECONDS'))}`);
    if (name === 'notifier') check(group, 'SMTP_HOST set', !!plain(env, 'SMTP_HOST'));
    checkConnections(group, env, profile, name !== 'gateway');
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
  const jobContainer = jobPod?.spec?.containers?.[0];
  if (jobContainer) checkConnections(`${render} migrate-job`, envOf(jobContainer), { ...profile, connections: { ...profile.connections, redisAuth: undefined, redisTls: undefined } }, true);

  // Every Deployment's secret is there before the Job runs, when the chart makes it.
  const secret = all('Secret').find((s) => s.metadata?.name === profile.secretName);
  if (secret) {
    const weight = Number(secret.metadata?.annotations?.['helm.sh/hook-weight'] ?? 0);
    const jobWeight = Number(job?.metadata?.annotations?.['helm.sh/hook-weight'] ?? 0);
    check(render, "the chart's Secret is a hook created before the migration Job", (secret.metadata?.annotations?.['helm.sh/hook'] ?? '').includes('pre-install') && weight < jobWeight);
    const keys = Object.keys({ ...((secret as Obj).stringData as Obj | undefined), ...((secret as Obj).data as Obj | undefined) });
    // Every key a pod reads from it (not marked optional), besides the ones every install has.
    const referenced = [...deployments.map((d) => (d.spec?.template as PodTemplate | undefined)?.spec), jobPod?.spec]
      .flatMap((spec) => spec?.containers ?? [])
      .flatMap((c) => c.env ?? [])
      .map((e) => e.valueFrom?.secretKeyRef as { name?: string; key?: string; optional?: boolean } | undefined)
      .filter((ref) => ref?.name === profile.secretName && !ref.optional)
      .map((ref) => ref!.key!);
    const wanted = [...new Set(['jwt-private-key', 'reset-link-key', 'email-link-key', 'client-address-key', ...backEnd.map((n) => `${n}-db-password`), ...referenced])];
    check(render, "the chart's Secret holds every key the pods read", wanted.every((k) => keys.includes(k)), `missing ${wanted.filter((k) => !keys.includes(k)).join(', ')}`);
  }

  checkSecretsStayInSecrets(render, manifests, profile);
  checkNetworkPolicies(render, manifests, profile);
}

/** Credentials and TLS of one process's connections: as the render sets them, every secret from a Secret. */
function checkConnections(group: string, env: Map<string, EnvVar>, profile: Profile, postgres: boolean) {
  const wanted = profile.connections ?? {};
  for (const name of ['KAFKA_SASL_PASSWORD', 'REDIS_PASSWORD', 'PGPASSWORD']) {
    if (env.has(name)) check(group, `${name} comes from a Secret`, !!secretRef(env, name)?.name && !!secretRef(env, name)?.key && plain(env, name) === undefined);
  }
  if (wanted.kafkaSasl !== undefined && env.has('KAFKA_BROKERS')) {
    const sasl = ['scram-sha-256', 'scram-sha-512'].includes(plain(env, 'KAFKA_SASL_MECHANISM') ?? '') && !!plain(env, 'KAFKA_SASL_USERNAME') && !!secretRef(env, 'KAFKA_SASL_PASSWORD');
    check(group, `Kafka SASL ${wanted.kafkaSasl ? 'SCRAM, its password from a Secret' : 'off'}`, sasl === wanted.kafkaSasl, `mechanism ${String(plain(env, 'KAFKA_SASL_MECHANISM'))}`);
  }
  if (wanted.kafkaTls !== undefined && env.has('KAFKA_BROKERS')) check(group, `Kafka TLS ${wanted.kafkaTls ? 'on' : 'off'}`, (plain(env, 'KAFKA_TLS') === 'true') === wanted.kafkaTls);
  if (wanted.redisAuth !== undefined) check(group, `Redis password ${wanted.redisAuth ? 'from a Secret' : 'not set'}`, !!secretRef(env, 'REDIS_PASSWORD') === wanted.redisAuth);
  if (wanted.redisTls !== undefined) {
    const url = plain(env, 'REDIS_URL');
    const tls = url === undefined ? !!secretRef(env, 'REDIS_URL') : url.startsWith('rediss://');
    check(group, `Redis ${wanted.redisTls ? 'over TLS (rediss://)' : 'URL'}`, !wanted.redisTls || tls, `REDIS_URL ${String(url)}`);
  }
  if (postgres && wanted.postgresSslMode !== undefined) check(group, `PGSSLMODE=${wanted.postgresSslMode || '(unset)'}`, (plain(env, 'PGSSLMODE') ?? '') === wanted.postgresSslMode, `PGSSLMODE=${String(plain(env, 'PGSSLMODE'))}`);
}

/** No secret value anywhere but in a Secret: no ConfigMap holds one, no plain variable or annotation carries one. */
function checkSecretsStayInSecrets(render: string, manifests: Manifest[], profile: Profile) {
  const configMaps = manifests.filter((m) => m.kind === 'ConfigMap');
  const secretKeys = configMaps.flatMap((m) => Object.keys({ ...m.data }).filter((k) => looksSecret(k.toUpperCase().replace(/[^A-Z0-9]+/g, '_'))).map((k) => `${m.metadata?.name}/${k}`));
  check(render, 'no ConfigMap holds a secret-looking key', secretKeys.length === 0, secretKeys.join(', '));
  const values = profile.secretValues ?? [];
  if (values.length === 0) return;
  const leaks = manifests
    .filter((m) => m.kind !== 'Secret')
    .filter((m) => values.some((v) => JSON.stringify(m).includes(v)))
    .map((m) => `${m.kind}/${m.metadata?.name}`);
  check(render, `the secrets given (${values.length}) appear in a Secret only`, leaks.length === 0, `in ${leaks.join(', ')}`);
  const inSecrets = manifests.filter((m) => m.kind === 'Secret').map((m) => JSON.stringify(m));
  const missing = values.filter((v) => !inSecrets.some((text) => text.includes(v)));
  check(render, 'the secrets given are all in a Secret', missing.length === 0, `${missing.length} missing`);
}

/**
 * The NetworkPolicies: a default deny of every pod of the release, and per process only what it needs. Ports of
 * a rule are compared by name (http, ops) or number; a rule with no `from` (or `to`) admits every address.
 */
function checkNetworkPolicies(render: string, manifests: Manifest[], profile: Profile) {
  const policies = manifests.filter((m) => m.kind === 'NetworkPolicy');
  const spec = (m: Manifest) => (m.spec ?? {}) as PolicySpec;
  const deployments = manifests.filter((m) => m.kind === 'Deployment');
  const componentOf = (labels: Record<string, string> | undefined) => labels?.['app.kubernetes.io/component'];
  const release = (deployments[0]?.spec?.template as PodTemplate | undefined)?.metadata?.labels ?? {};
  const releaseLabels = { 'app.kubernetes.io/name': release['app.kubernetes.io/name']!, 'app.kubernetes.io/instance': release['app.kubernetes.io/instance']! };

  const deny = policies.find((p) => {
    const selector = spec(p).podSelector?.matchLabels ?? {};
    return JSON.stringify(selector) === JSON.stringify(releaseLabels) && !spec(p).ingress?.length && !spec(p).egress?.length;
  });
  check(render, 'a NetworkPolicy denies all traffic in and out of every pod of the release by default', !!deny && ['Ingress', 'Egress'].every((t) => spec(deny).policyTypes?.includes(t)), deny ? JSON.stringify(spec(deny).policyTypes) : 'none');

  const openRules = policies.flatMap((p) => [
    ...(spec(p).ingress ?? []).filter((r) => !r.from?.length).map(() => `${p.metadata?.name} ingress`),
    ...(spec(p).ingress ?? []).filter((r) => (r.from ?? []).some((peer) => peer.ipBlock?.cidr === '0.0.0.0/0' || peer.ipBlock?.cidr === '::/0' || (peer.namespaceSelector && Object.keys(peer.namespaceSelector).length === 0 && !peer.podSelector))).map(() => `${p.metadata?.name} ingress (any namespace or address)`),
    ...(spec(p).ingress ?? []).filter((r) => !r.ports?.length).map(() => `${p.metadata?.name} ingress (every port)`),
    ...(spec(p).egress ?? []).filter((r) => !r.ports?.length).map(() => `${p.metadata?.name} egress (every port)`),
  ]);
  check(render, 'no rule admits every source, or every port', openRules.length === 0, openRules.join(', '));

  /** The pod's port of a rule's port (by name or number). */
  const portsOf = (container: Container | undefined) => new Map((container?.ports ?? []).map((p) => [p.name ?? '', p.containerPort ?? 0]));
  const portNumber = (port: string | number | undefined, named: Map<string, number>) => (typeof port === 'number' ? port : named.get(String(port)) ?? Number(port));
  const gatewayPeer = (peer: Peer) => componentOf(peer.podSelector?.matchLabels) === 'gateway' && !peer.namespaceSelector;
  const prometheusPeer = (peer: Peer) => !!peer.namespaceSelector || !!peer.ipBlock;

  const postgresPorts = new Set<number>();
  let smtpPort: number | undefined;
  for (const d of deployments) {
    const container = (d.spec?.template as PodTemplate | undefined)?.spec?.containers?.[0];
    const env = container ? envOf(container) : new Map<string, EnvVar>();
    const dbUrl = plain(env, 'DATABASE_URL');
    if (dbUrl) postgresPorts.add(Number(new URL(dbUrl).port || 5432));
    if (plain(env, 'SMTP_PORT')) smtpPort = Number(plain(env, 'SMTP_PORT'));
  }

  for (const d of deployments) {
    const template = d.spec?.template as PodTemplate | undefined;
    const name = componentOf(template?.metadata?.labels) ?? '?';
    const group = `${render} ${name}`;
    const named = portsOf(template?.spec?.containers?.[0]);
    const [http, ops] = [named.get('http'), named.get('ops')];
    const own = policies.filter((p) => {
      const selector = spec(p).podSelector?.matchLabels;
      return componentOf(selector) === name && labelsMatch(selector, template?.metadata?.labels);
    });
    check(group, 'a NetworkPolicy of its own, for traffic in and out', own.length === 1 && ['Ingress', 'Egress'].every((t) => spec(own[0]!).policyTypes?.includes(t)), `${own.length} policies`);
    const policy = own[0] ? spec(own[0]) : {};
    const ingress = policy.ingress ?? [];
    const egress = policy.egress ?? [];
    const admitted = (port: number | undefined) => ingress.filter((r) => (r.ports ?? []).some((p) => portNumber(p.port, named) === port)).flatMap((r) => r.from ?? []);
    const otherPorts = ingress.flatMap((r) => r.ports ?? []).map((p) => portNumber(p.port, named)).filter((port) => port !== http && port !== ops);
    check(group, 'lets in only on its port and its ops port', otherPorts.length === 0, `also ${otherPorts.join(', ')}`);
    if (name === 'gateway') {
      const fromOutside = admitted(http);
      // Peers outside the release: a namespace by its labels, or pods by labels that are none of the release's.
      const outside = (peer: Peer) =>
        (!!peer.namespaceSelector && Object.keys(peer.namespaceSelector.matchLabels ?? {}).length > 0) ||
        (!!peer.podSelector && Object.keys(peer.podSelector.matchLabels ?? {}).length > 0 && componentOf(peer.podSelector.matchLabels) === undefined);
      check(group, 'its port only from the ingress controller', fromOutside.length > 0 && fromOutside.every(outside), JSON.stringify(fromOutside));
    } else {
      const callers = admitted(http);
      const allowed = (peer: Peer) => gatewayPeer(peer) || (name === 'identity' && backEnd.includes(componentOf(peer.podSelector?.matchLabels) ?? '') && !peer.namespaceSelector);
      check(group, `its port only from the gateway${name === 'identity' ? ' and the services (JWKS)' : ''}`, callers.length > 0 && callers.every(allowed) && callers.some(gatewayPeer), JSON.stringify(callers));
      const readinessAskers = admitted(ops);
      check(group, 'its ops port reachable by the gateway (the readiness of /api/health)', readinessAskers.some(gatewayPeer));
    }
    const opsCallers = admitted(ops);
    check(group, 'its ops port only from the gateway, Prometheus and probe peers', opsCallers.every((peer) => gatewayPeer(peer) || prometheusPeer(peer)), JSON.stringify(opsCallers));

    const egressPorts = (rules: PolicyRule[]) => rules.flatMap((r) => (r.ports ?? []).map((p) => Number(p.port)));
    check(group, 'may resolve names (DNS, port 53)', egressPorts(egress).includes(53));
    const toPostgres = egress.filter((r) => (r.ports ?? []).some((p) => postgresPorts.has(Number(p.port))));
    if (name === 'gateway') check(group, 'no way out to Postgres (the gateway has no database)', toPostgres.length === 0, JSON.stringify(toPostgres));
    else check(group, 'a way out to Postgres', toPostgres.length > 0);
    if (smtpPort !== undefined) {
      const toSmtp = egress.some((r) => (r.ports ?? []).some((p) => Number(p.port) === smtpPort));
      check(group, name === 'notifier' ? 'a way out to SMTP' : 'no way out to SMTP (only the notifier sends email)', toSmtp === (name === 'notifier'));
    }
    if (profile.production) {
      // The webhooks service reaches partners' endpoints anywhere on 443 (private ranges are refused in its code).
      const unbounded = egress.filter((r) => !r.to?.length && !(r.ports ?? []).some((p) => Number(p.port) === 53 || Number(p.port) === smtpPort || (name === 'webhooks' && Number(p.port) === 443)));
      check(group, 'every way out but DNS and SMTP names its peers', unbounded.length === 0, JSON.stringify(unbounded));
    }
  }

  // The migration Job: its own policy, a hook created before the Job (an upgrade runs it under the default deny).
  const job = manifests.find((m) => m.kind === 'Job' && m.metadata?.labels?.['app.kubernetes.io/component'] === 'migrate');
  if (job) {
    const jobPolicy = policies.find((p) => componentOf(spec(p).podSelector?.matchLabels) === 'migrate');
    const weight = (m: Manifest | undefined) => Number(m?.metadata?.annotations?.['helm.sh/hook-weight'] ?? 0);
    check(render, 'the migration Job has a NetworkPolicy, a hook created before it', !!jobPolicy && (jobPolicy.metadata?.annotations?.['helm.sh/hook'] ?? '').includes('pre-upgrade') && weight(jobPolicy) < weight(job));
    const jobEgress = jobPolicy ? spec(jobPolicy).egress ?? [] : [];
    check(render, 'the migration Job may reach Postgres and nothing reaches it', jobEgress.some((r) => (r.ports ?? []).some((p) => postgresPorts.has(Number(p.port)))) && !(jobPolicy && spec(jobPolicy).ingress?.length));
  }
}

// ── the runs ───────────────────────────────────────────────────────────────────────────────────
const version = helmRun('helm version', ['version', '--short']);
if (!check('helm', `helm runs (${helm})`, version.ok, version.err)) {
  finish();
}

const production = ['-f', path.join(chart, 'values-production.yaml')];
// Throwaway values for the chart-created Secret path (never real keys).
const ownSecretValues = {
  jwtPrivateKey: 'check-only-not-a-key',
  resetLinkKey: 'dGVzdA==',
  emailLinkKey: 'dGVzdA==',
  clientAddressKey: 'dGVzdA==',
  kafkaSaslPassword: 'check-only-kafka-password',
  redisPassword: 'check-only-redis-password',
  ...Object.fromEntries(backEnd.map((n) => [`dbPasswords.${n}`, `check-only-${n}-db-password`])),
};
const ownSecret = [
  '--set', 'secrets.existingSecret=',
  ...Object.entries(ownSecretValues).flatMap(([key, value]) => ['--set', `secrets.${key}=${value}`]),
  // SCRAM and a Redis password, both from the chart's Secret.
  '--set', 'kafka.sasl.mechanism=scram-sha-256',
  '--set', 'kafka.sasl.username=reproute',
  '--set', 'redis.auth.enabled=true',
];
for (const [label, extra] of [['default values', []], ['values-production.yaml', production]] as const) {
  const lint = helmRun('helm lint', ['lint', chart, '--strict', '--kube-version', kubeVersion, ...extra]);
  check('helm lint', label, lint.ok, lint.err);
}
const renders: ({ label: string; extra: string[] } & Profile)[] = [
  // Local-like: no credentials or TLS beyond the Secret's keys.
  { label: 'default', extra: [], production: false, secretName: 'reproute-secrets', connections: { kafkaSasl: false, kafkaTls: false, redisAuth: false, postgresSslMode: '' } },
  // SCRAM-SHA-512 over TLS to Kafka, rediss:// with a password, Postgres verify-full, each CA from a Secret.
  { label: 'production', extra: production, production: true, secretName: 'reproute-secrets', connections: { kafkaSasl: true, kafkaTls: true, redisAuth: true, redisTls: true, postgresSslMode: 'verify-full' } },
  { label: 'own-secret', extra: ownSecret, production: false, secretName: 'release-reproute-secrets', secretValues: Object.values(ownSecretValues), connections: { kafkaSasl: true, redisAuth: true } },
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
// With no peers named for the gateway and Prometheus, their rules go: nothing is let in rather than everyone.
const closed = helmRun('helm template', ['template', 'release', chart, '--kube-version', kubeVersion, '--set-json', 'networkPolicy.ingressController=[]', '--set-json', 'networkPolicy.prometheus=[]']);
if (check('no-peers', 'helm template renders with no ingress controller or Prometheus peers', closed.ok, closed.err)) {
  const policies = parse(closed.out).filter((m) => m.kind === 'NetworkPolicy');
  const open = policies.filter((p) => ((p.spec as PolicySpec).ingress ?? []).some((r) => !r.from?.length)).map((p) => p.metadata?.name);
  check('no-peers', 'no ingress rule is left without peers (which would admit everyone)', open.length === 0, open.join(', '));
  const gatewayPolicy = policies.find((p) => (p.spec as PolicySpec).podSelector?.matchLabels?.['app.kubernetes.io/component'] === 'gateway');
  check('no-peers', 'the gateway then lets nothing in', !!gatewayPolicy && ((gatewayPolicy.spec as PolicySpec).ingress ?? []).length === 0);
}
// Kafka's CA without TLS on is refused (the processes would refuse it too).
const caWithoutTls = helmRun('helm template', ['template', 'release', chart, '--kube-version', kubeVersion, '--set', 'kafka.tls.caSecret.name=kafka-ca']);
check('kafka-ca', 'helm template refuses a Kafka CA without kafka.tls.enabled', !caWithoutTls.ok && /kafka\.tls\.enabled/.test(caWithoutTls.err), caWithoutTls.ok ? 'rendered' : caWithoutTls.err);
// SCRAM from the chart's Secret needs its password given.
const withoutKafkaPassword = ownSecret.flatMap((arg, i) => (arg.startsWith('secrets.kafkaSaslPassword=') || ownSecret[i + 1]?.startsWith('secrets.kafkaSaslPassword=') ? [] : [arg]));
const noKafkaPassword = helmRun('helm template', ['template', 'release', chart, '--kube-version', kubeVersion, ...withoutKafkaPassword]);
check('no-kafka-password', 'helm template refuses SCRAM without its password', !noKafkaPassword.ok && /kafkaSaslPassword/.test(noKafkaPassword.err), noKafkaPassword.ok ? 'rendered' : noKafkaPassword.err);
// Without an existing Secret and without the values, the chart refuses to render (no default secret).
const refused = helmRun('helm template', ['template', 'release', chart, '--kube-version', kubeVersion, '--set', 'secrets.existingSecret=']);
check('no-secret', 'helm template refuses to render without secrets (no default values)', !refused.ok && /required/.test(refused.err), refused.ok ? 'rendered' : refused.err);
const inValues = fs.readFileSync(path.join(chart, 'values.yaml'), 'utf8');
check('values.yaml', 'holds no secret value (jwtPrivateKey, resetLinkKey, emailLinkKey, clientAddressKey, smtpPassword, kafkaSaslPassword, redisPassword empty; no passwords)', ['jwtPrivateKey', 'resetLinkKey', 'emailLinkKey', 'clientAddressKey', 'smtpPassword', 'kafkaSaslPassword', 'redisPassword'].every((k) => new RegExp(`\\b${k}: ""`).test(inValues)) && /dbPasswords: \{\}/.test(inValues) && /seedPasswords: \{\}/.test(inValues));

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
