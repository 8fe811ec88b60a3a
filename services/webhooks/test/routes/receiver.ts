import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got: its headers and the exact body bytes (what a verifier must check). */
export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Behaviour = 'ok' | 'fail' | 'hang' | { status: number; body?: string };

/**
 * A real HTTP receiver on 127.0.0.1, started by the test: it records every request and answers by its behaviour
 * (a queue of one-off behaviours first, then the standing one). `hang` holds the request until `release()`.
 */
export class Receiver {
  readonly received: Received[] = [];
  private standing: Behaviour = 'ok';
  private readonly once: Behaviour[] = [];
  private server: http.Server | undefined;
  private port = 0;
  private readonly held = new Set<http.ServerResponse>();
  private readonly waiters: (() => void)[] = [];

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks/reproute`;
  }

  async start(port = 0): Promise<this> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({
          id: String(request.headers['webhook-id']),
          timestamp: String(request.headers['webhook-timestamp']),
          signature: String(request.headers['webhook-signature']),
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of this.waiters.splice(0)) wake();
        const behaviour = this.once.shift() ?? this.standing;
        if (behaviour === 'hang') {
          this.held.add(response);
          return;
        }
        if (behaviour === 'ok') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
        if (behaviour === 'fail') return void response.writeHead(500, { 'content-type': 'text/plain' }).end('receiver is having a bad day');
        response.writeHead(behaviour.status, { 'content-type': 'text/plain' }).end(behaviour.body ?? '');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port || this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** Down: the port refuses connections until `start()` again (same port). */
  async stop(): Promise<void> {
    this.release();
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = undefined;
  }

  behave(standing: Behaviour, ...once: Behaviour[]): void {
    this.standing = standing;
    this.once.splice(0, this.once.length, ...once);
  }

  /** Answers every held request with 200. */
  release(): void {
    for (const response of this.held) response.writeHead(200).end('late');
    this.held.clear();
  }

  /** Requests whose body has this `type`. */
  ofType(type: string): Received[] {
    return this.received.filter((r) => (JSON.parse(r.body) as { type: string }).type === type);
  }

  /** Waits until `check` holds over what was received (polling on every new request and every 20 ms). */
  async until(check: (received: Received[]) => boolean, what: string, timeoutMs = 20_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (!check(this.received)) {
      if (Date.now() > deadline) throw new Error(`receiver: timed out waiting for ${what} (got ${this.received.length} requests)`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 20);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.received;
  }
}
