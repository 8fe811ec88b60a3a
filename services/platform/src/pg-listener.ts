import pg from 'pg';
import type { Logger } from './logger.ts';
import { postgresConnection } from './connections.ts';
import type { PostgresTls } from './deployment-settings.ts';

export interface PgListenerOptions {
  url: string;
  /** PGSSLMODE and PGSSLROOTCERT (a `sslmode` in the URL wins). */
  tls?: PostgresTls;
  channel: string;
  applicationName: string;
  logger: Logger;
  /** Each notification's payload, in commit order. */
  onNotification: (payload: string) => void;
  /** LISTEN is in place (at start and after every reconnect): catch up with what was committed before it. */
  onListening?: () => void;
  /** The connection was lost; a reconnect is scheduled. Notifications sent meanwhile are not delivered. */
  onLost?: (err: unknown, attempt: number) => void;
}

/**
 * One connection LISTENing on a Postgres channel, reconnected with backoff (250 ms doubling, at most
 * 10 s) whenever it drops. Postgres delivers a notification when the transaction that sent it commits,
 * so what a listener learns is always committed; `listening` tells whether nothing can have been missed
 * since the last `onListening`.
 */
export class PgListener {
  private client: pg.Client | undefined;
  private live = false;
  private running = false;
  private retry: NodeJS.Timeout | undefined;

  private readonly options: PgListenerOptions;

  constructor(options: PgListenerOptions) {
    this.options = options;
  }

  get listening(): boolean {
    return this.live;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.connect(1);
  }

  private async connect(attempt: number): Promise<void> {
    if (!this.running) return;
    const { options } = this;
    const client = new pg.Client({ ...postgresConnection(options.url, options.tls), application_name: options.applicationName });
    let lost = false;
    const onLost = (err: unknown) => {
      if (lost) return; // 'error' and 'end' both report one loss
      lost = true;
      if (this.client !== client) return; // stopped, or already replaced
      this.live = false;
      this.client = undefined;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (!this.running) return;
      options.onLost?.(err, attempt);
      this.retry = setTimeout(() => void this.connect(attempt + 1), Math.min(10_000, 250 * 2 ** Math.min(attempt, 6)));
      this.retry.unref();
    };
    client.on('error', onLost);
    client.on('end', () => onLost(new Error('connection ended')));
    client.on('notification', (message) => options.onNotification(message.payload ?? ''));
    try {
      this.client = client;
      await client.connect();
      await client.query(`LISTEN "${options.channel}"`);
      if (this.client !== client) return;
      this.live = true;
      options.onListening?.();
    } catch (err) {
      onLost(err);
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    this.live = false;
    client?.removeAllListeners('notification');
    await client?.end().catch(() => undefined);
  }
}
