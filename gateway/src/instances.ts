import { Pool, type Dispatcher } from 'undici';
import { opsPortOffset, type Logger } from '@reproute/platform';

/** Errors that mean the connection was never made: the instance did not receive the request. */
const connectFailures = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);
/** Errors of a connection that broke while the request was on it: it may or may not have been handled. */
const brokenConnections = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_CLOSED']);
const idempotentMethods = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

interface Instance {
  url: string;
  /** Where its readiness is asked: its ops port (opsUrlOf). */
  opsUrl: string;
  pool: Pool;
  up: boolean;
  probing: boolean;
}

export interface InstancesOptions {
  pool: Pool.Options;
  /** How often each instance's readiness is checked while a service has several (default 2 s). */
  checkIntervalMs?: number;
  /** How often an instance taken out is checked until it answers again (default 500 ms). */
  recoveryIntervalMs?: number;
  /** An instance's ops port (its /health/ready) is its port plus this (UPSTREAM_OPS_PORT_OFFSET; default 50, the services' own). */
  opsPortOffset?: number;
  logger: Logger;
}

type RequestOptions = Dispatcher.RequestOptions;

/**
 * The instances of one service behind the gateway. Requests go round robin to the instances that
 * are up. An instance is taken out at its first refused connection (or a failed readiness check)
 * and put back when its readiness answers again, so a killed instance costs only the requests that
 * were on its connections. A request that never reached an instance (refused connection) is sent
 * to another one, whatever its method; one whose connection broke under it is sent again only when
 * its method is idempotent (GET, HEAD, OPTIONS, PUT, DELETE). With a single instance there is nothing to choose and nothing is checked.
 */
export class ServiceInstances {
  private readonly instances: Instance[];
  private next = 0;
  private readonly timer: NodeJS.Timeout | undefined;

  readonly service: string;
  private readonly options: InstancesOptions;

  constructor(
    service: string,
    urls: readonly string[],
    options: InstancesOptions,
  ) {
    this.service = service;
    this.options = options;
    if (urls.length === 0) throw new Error(`no instance configured for ${service}`);
    this.instances = urls.map((url) => ({ url, opsUrl: opsUrlOf(url, options.opsPortOffset), pool: new Pool(url, options.pool), up: true, probing: false }));
    if (this.instances.length > 1) {
      this.timer = setInterval(() => {
        for (const instance of this.instances) void this.probe(instance);
      }, options.checkIntervalMs ?? 2_000);
      this.timer.unref();
    }
  }

  /** The address of one instance that is up (for calls outside the proxy, such as the API document). */
  get anyUrl(): string {
    return (this.instances.find((i) => i.up) ?? this.instances[0]!).url;
  }

  /** Called by the proxy for each request (undici's request API: with a callback, or a promise without). */
  request(options: RequestOptions, callback: (err: Error | null, data?: Dispatcher.ResponseData) => void): void;
  request(options: RequestOptions): Promise<Dispatcher.ResponseData>;
  request(options: RequestOptions, callback?: (err: Error | null, data?: Dispatcher.ResponseData) => void): Promise<Dispatcher.ResponseData> | void {
    const answer = this.send(options);
    if (!callback) return answer;
    answer.then((data) => callback(null, data), (err: Error) => callback(err));
  }

  private async send(options: RequestOptions): Promise<Dispatcher.ResponseData> {
    // The body is read once into memory (bodies are small: the gateway caps them), so it can be sent again.
    const body = await bodyOf(options.body);
    const idempotent = idempotentMethods.has(String(options.method).toUpperCase());
    const tried = new Set<Instance>();
    for (;;) {
      const instance = this.pick(tried);
      tried.add(instance);
      try {
        const answer = await instance.pool.request({ ...options, body, origin: instance.url } as Dispatcher.RequestOptions);
        // When the caller has gone before the answer came, the proxy destroys the answer's body, which
        // then emits an abort error nobody else listens for: without this listener it would end the process.
        answer.body.on('error', () => undefined);
        return answer;
      } catch (err) {
        const code = (err as { code?: string }).code ?? '';
        let again = false;
        if (connectFailures.has(code)) {
          this.takeOut(instance, code);
          again = true; // it never reached the instance
        } else if (brokenConnections.has(code)) {
          void this.probe(instance);
          again = idempotent; // it may have been handled: only a request that can be repeated safely is
        }
        if (!again || tried.size >= this.instances.length) throw err;
        this.options.logger.warn({ service: this.service, instance: instance.url, code }, 'request sent to another instance');
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all(this.instances.map((i) => i.pool.close().catch(() => undefined)));
  }

  private pick(exclude: Set<Instance>): Instance {
    const candidates = this.instances.filter((i) => !exclude.has(i));
    const up = candidates.filter((i) => i.up);
    // When none is known to be up, try them anyway: the answer (or the error) is the truth.
    const pool = up.length > 0 ? up : candidates.length > 0 ? candidates : this.instances;
    this.next = (this.next + 1) % pool.length;
    return pool[this.next]!;
  }

  private takeOut(instance: Instance, reason: string): void {
    if (this.instances.length === 1) return;
    if (instance.up) this.options.logger.warn({ service: this.service, instance: instance.url, reason }, 'instance taken out of rotation');
    instance.up = false;
    void this.recover(instance);
  }

  /** Checks an instance taken out until its readiness answers, then puts it back. */
  private async recover(instance: Instance): Promise<void> {
    if (instance.probing) return;
    instance.probing = true;
    try {
      while (!instance.up) {
        await new Promise((resolve) => setTimeout(resolve, this.options.recoveryIntervalMs ?? 500).unref());
        if (await this.ready(instance)) {
          instance.up = true;
          this.options.logger.info({ service: this.service, instance: instance.url }, 'instance back in rotation');
        }
      }
    } finally {
      instance.probing = false;
    }
  }

  private async probe(instance: Instance): Promise<void> {
    if (this.instances.length === 1 || !instance.up || instance.probing) return;
    if (!(await this.ready(instance))) this.takeOut(instance, 'readiness check failed');
  }

  private async ready(instance: Instance): Promise<boolean> {
    try {
      const res = await fetch(`${instance.opsUrl}/health/ready`, { signal: AbortSignal.timeout(1_000) });
      await res.body?.cancel();
      return res.ok;
    } catch {
      return false;
    }
  }
}

/** The whole request body as one buffer (or nothing), whatever form the proxy hands it in. */
async function bodyOf(body: RequestOptions['body']): Promise<Buffer | string | null> {
  if (body == null || body === '') return null;
  if (typeof body === 'string' || Buffer.isBuffer(body)) return body;
  if (body instanceof Uint8Array) return Buffer.from(body);
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer | string>) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/**
 * The address of an instance's operational endpoints (/health/ready, /metrics: the platform's ops.ts): its
 * own address with the port moved by `offset` (a port left out counts as the scheme's, 80 or 443).
 */
export function opsUrlOf(url: string, offset = opsPortOffset): string {
  const address = new URL(url);
  const port = Number(address.port || (address.protocol === 'https:' ? 443 : 80));
  address.port = String(port + offset);
  return address.origin;
}

/** Splits a comma-separated list of instance addresses (one per instance of a service). */
export function instanceUrls(value: string): string[] {
  return value
    .split(',')
    .map((url) => url.trim().replace(/\/+$/, ''))
    .filter((url) => url.length > 0);
}
