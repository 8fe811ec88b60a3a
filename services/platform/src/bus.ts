import { Kafka, logLevel, type Consumer, type EachMessagePayload, type Producer, type Admin, type LogEntry } from 'kafkajs';
import type { Logger } from './logger.ts';
import { metrics } from './metrics.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { applyKafkaIdleFix } from './kafka-idle-fix.ts';
import { kafkaClientSecurity } from './connections.ts';
import type { KafkaSettings } from './deployment-settings.ts';

applyKafkaIdleFix();

export interface BusMessage {
  topic: string;
  key: string;
  value: string;
  headers: Record<string, string>;
}

/** A message found on a dead-letter topic, as the replay republishes it (headers without the dlq-* ones). */
export interface DeadLetter {
  partition: number;
  offset: string;
  sourceTopic: string;
  key: string;
  value: string;
  headers: Record<string, string>;
  /** Why it was dead-lettered and by which consumer (from its dlq-* headers). */
  error: string | null;
  consumer: string | null;
}

export interface ReceivedMessage {
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
  value: string | null;
  headers: Record<string, string>;
}

/**
 * What a subscriber gets with each message. While `onMessage` runs, the bus keeps the group
 * membership alive (heartbeats), so a handler may wait for a dependency as long as it needs.
 */
export interface MessageContext {
  /** Aborted when the subscription stops or the group rebalances: stop waiting and throw; the message is delivered again. */
  signal: AbortSignal;
}

export interface SubscribeOptions {
  groupId: string;
  topics: readonly string[];
  onMessage: (message: ReceivedMessage, context: MessageContext) => Promise<void>;
  /** A new group reads each topic from its start (the default) or only what is published from now on. */
  fromBeginning?: boolean;
  /** See ConsumerOptions.gatherMs: wait up to this long for more messages before taking what has come. */
  gatherMs?: number;
}

/** The event bus seen by the services: publish, subscribe, health. Kafka (kafkajs) is the one implementation. */
export interface EventBus {
  publish(messages: BusMessage[]): Promise<void>;
  /**
   * A message counts as handled (its offset is committed, within commitIntervalMs) only when `onMessage` resolves; a
   * rejection leaves it for redelivery. A handled message may also come again after a crash or a rebalance.
   */
  subscribe(options: SubscribeOptions): Promise<{ stop: () => Promise<void> }>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

function kafkaLogCreator(logger: Logger) {
  return () =>
    ({ level, log }: LogEntry) => {
      const { message, ...extra } = log;
      const target = logger.child({ component: 'kafkajs' });
      if (level === logLevel.ERROR) target.error(extra, message);
      else if (level === logLevel.WARN) target.warn(extra, message);
      else target.debug(extra, message);
    };
}

// Group errors after which this member no longer owns its partitions: the message in hand is left for redelivery.
const lostMembership = new Set(['REBALANCE_IN_PROGRESS', 'UNKNOWN_MEMBER_ID', 'ILLEGAL_GENERATION', 'FENCED_INSTANCE_ID']);

/**
 * Heartbeats while a handler runs, so waiting on a dependency outlasts the session timeout.
 * kafkajs sends one only when the heartbeat interval has passed; a lost membership aborts the handler.
 */
function keepMembershipAlive(heartbeat: () => Promise<void>, handling: AbortController): NodeJS.Timeout {
  let inFlight = false;
  const timer = setInterval(() => {
    if (inFlight || handling.signal.aborted) return;
    inFlight = true;
    heartbeat()
      .catch((err: { type?: string }) => {
        if (err.type && lostMembership.has(err.type)) handling.abort(err);
      })
      .finally(() => {
        inFlight = false;
      });
  }, 1_000);
  timer.unref();
  return timer;
}

export class KafkaBus implements EventBus {
  private readonly kafka: Kafka;
  private producer: Producer | undefined;
  private producerConnecting: Promise<Producer> | undefined;
  private admin: Admin | undefined;
  private readonly consumers = new Set<Consumer>();
  /** Aborting one tells the handler running for that consumer to give up its retries. */
  private readonly stoppers = new Map<Consumer, AbortController>();

  private readonly logger: Logger;

  /** `security`: SASL and TLS from the process's config (KAFKA_SASL_*, KAFKA_TLS*); none on loopback. */
  constructor(options: { brokers: string; clientId: string; logger: Logger; security?: KafkaSettings }) {
    this.logger = options.logger;
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers.split(',').map((b) => b.trim()),
      ...kafkaClientSecurity(options.security),
      logLevel: logLevel.WARN,
      logCreator: kafkaLogCreator(options.logger),
      connectionTimeout: 3_000,
      requestTimeout: 10_000,
      retry: { retries: 3, initialRetryTime: 200, maxRetryTime: 2_000 },
    });
  }

  private async connectedProducer(): Promise<Producer> {
    if (this.producer) return this.producer;
    this.producerConnecting ??= (async () => {
      const producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
      producer.on(producer.events.DISCONNECT, () => {
        if (this.producer === producer) this.producer = undefined;
      });
      try {
        await producer.connect();
        this.producer = producer;
        return producer;
      } finally {
        this.producerConnecting = undefined;
      }
    })();
    return this.producerConnecting;
  }

  async publish(messages: BusMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const producer = await this.connectedProducer();
    const byTopic = new Map<string, BusMessage[]>();
    for (const m of messages) byTopic.set(m.topic, [...(byTopic.get(m.topic) ?? []), m]);
    try {
      await producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, list]) => ({
          topic,
          messages: list.map((m) => ({ key: m.key, value: m.value, headers: m.headers })),
        })),
      });
    } catch (err) {
      // A broken connection is re-established on the next publish.
      this.producer = undefined;
      await producer.disconnect().catch(() => undefined);
      throw err;
    }
  }

  async subscribe(options: SubscribeOptions): Promise<{ stop: () => Promise<void> }> {
    const stopping = new AbortController();
    const groupLogger = this.logger.child({ component: 'consumer', groupId: options.groupId });
    let current: Consumer | undefined;
    let committer: Committer | undefined;
    let restartTimer: NodeJS.Timeout | undefined;
    let restarts = 0;

    const start = async (): Promise<void> => {
      const consumer = this.kafka.consumer({
        groupId: options.groupId,
        sessionTimeout: 15_000,
        heartbeatInterval: 3_000,
        retry: { retries: Number.MAX_SAFE_INTEGER, initialRetryTime: 300, maxRetryTime: 5_000 },
        // By default the broker answers a fetch as soon as one message is there: one fetch and one offset
        // commit per message under a steady trickle. A group that gathers asks for a batch's worth of bytes
        // and takes what has come after gatherMs.
        ...(options.gatherMs ? { minBytes: gatherBytes, maxWaitTimeInMs: options.gatherMs } : {}),
      });
      current = consumer;
      this.consumers.add(consumer);
      this.stoppers.set(consumer, stopping);
      // Lag per partition after each batch: how far this group is behind the newest message.
      consumer.on(consumer.events.END_BATCH_PROCESS, ({ payload }) => {
        restarts = 0;
        metrics.consumerLag.set({ group: options.groupId, topic: payload.topic, partition: String(payload.partition) }, Number(payload.offsetLag));
        metrics.consumerBatchSize.observe({ group: options.groupId }, payload.batchSize);
      });
      // kafkajs restarts a crashed consumer only after errors it calls retriable. Some failures during a
      // broker restart are not (the group coordinator not found while re-joining), and the consumer would
      // then stay stopped for good, its partitions unread. Such a consumer is replaced by a new one.
      consumer.on(consumer.events.CRASH, ({ payload }) => {
        if (payload.restart || stopping.signal.aborted || current !== consumer) return;
        scheduleRestart(consumer, payload.error);
      });
      await consumer.connect();
      await consumer.subscribe({ topics: [...options.topics], fromBeginning: options.fromBeginning ?? true });
      // kafkajs' own commit follows every fetched batch, which under a trickle is every message: an OffsetCommit (a
      // write to the broker's offsets log) per message and group. Handled offsets are committed here instead, at most
      // every commitIntervalMs and when the subscription stops. A message handled but not yet committed when a
      // process dies or the group rebalances is delivered again, and the consumer's record of processed events (or
      // the email job's id) makes that repeat a no-op. A consumer replaced after a crash commits what it handled, if
      // it still can, and stops its timer.
      void committer?.close();
      const offsets = new Committer(consumer, options.groupId, groupLogger);
      committer = offsets;
      await consumer.run({
        autoCommit: false,
        eachMessage: async (payload) => {
          await this.deliver(options.onMessage, stopping.signal, payload);
          offsets.handled(payload.topic, payload.partition, payload.message.offset);
        },
      });
    };

    const scheduleRestart = (crashed: Consumer, error: unknown): void => {
      restarts += 1;
      const delay = Math.min(30_000, 1_000 * 2 ** Math.min(restarts - 1, 5));
      groupLogger.warn({ err: error, restartInMs: delay, restarts }, 'consumer stopped after a failure kafkajs does not retry; starting a new one');
      metrics.consumerRestarts.inc({ group: options.groupId });
      this.consumers.delete(crashed);
      this.stoppers.delete(crashed);
      clearTimeout(restartTimer);
      restartTimer = setTimeout(() => {
        void crashed
          .disconnect()
          .catch(() => undefined)
          .then(() => (stopping.signal.aborted ? undefined : start()))
          .catch((err: unknown) => {
            // Kafka still unavailable: the new consumer failed to connect or join; try again later.
            if (stopping.signal.aborted || current === undefined) return;
            const failed = current;
            scheduleRestart(failed, err);
          });
      }, delay);
      restartTimer.unref();
    };

    await start();
    return {
      stop: async () => {
        stopping.abort(new Error('consumer stopping'));
        clearTimeout(restartTimer);
        const consumer = current;
        if (!consumer) return;
        this.consumers.delete(consumer);
        this.stoppers.delete(consumer);
        await committer?.close();
        await consumer.disconnect();
      },
    };
  }

  /** Hands one message to the subscriber, keeping the group membership alive while it runs. */
  private async deliver(
    onMessage: (message: ReceivedMessage, context: MessageContext) => Promise<void>,
    stopping: AbortSignal,
    { topic, partition, message, heartbeat }: EachMessagePayload,
  ): Promise<void> {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(message.headers ?? {})) {
      const first = Array.isArray(v) ? v[0] : v;
      if (first !== undefined) headers[k] = first.toString();
    }
    const handling = new AbortController();
    const stop = () => handling.abort(stopping.reason);
    stopping.addEventListener('abort', stop);
    if (stopping.aborted) stop();
    const keepAlive = keepMembershipAlive(heartbeat, handling);
    try {
      await onMessage(
        {
          topic,
          partition,
          offset: message.offset,
          key: message.key?.toString() ?? null,
          value: message.value?.toString() ?? null,
          headers,
        },
        { signal: handling.signal },
      );
    } finally {
      clearInterval(keepAlive);
      stopping.removeEventListener('abort', stop);
    }
  }

  /**
   * Republishes the messages of a dead-letter topic to the topic each came from (its
   * `dlq-source-topic` header), with the original key, value and headers minus the `dlq-*` ones.
   * Progress is stored as the committed offsets of consumer group `groupId` (which never has
   * members), so a second run replays only what was dead-lettered since. `dryRun` lists what would
   * be replayed and moves nothing. Reads up to the end the topic had when the replay began.
   */
  async replayDeadLetters(deadLetterTopicName: string, options: { groupId: string; dryRun?: boolean; idleTimeoutMs?: number; onMessage?: (letter: DeadLetter) => void }): Promise<DeadLetter[]> {
    const admin = this.kafka.admin();
    await admin.connect();
    const reader = this.kafka.consumer({ groupId: `${options.groupId}.reader.${Date.now()}`, sessionTimeout: 15_000, heartbeatInterval: 1_000 });
    const next = new Map<number, number>();
    const end = new Map<number, number>();
    const letters: DeadLetter[] = [];
    try {
      const committed = new Map((await admin.fetchOffsets({ groupId: options.groupId, topics: [deadLetterTopicName] }))[0]?.partitions.map((p) => [p.partition, Number(p.offset)]) ?? []);
      for (const { partition, offset, low } of await admin.fetchTopicOffsets(deadLetterTopicName)) {
        const start = Math.max(Number(low), committed.get(partition) ?? -1);
        if (start < Number(offset)) {
          next.set(partition, start);
          end.set(partition, Number(offset));
        }
      }
      if (next.size === 0) return letters;
      const sourceFallback = deadLetterTopicName.replace(/\.dlq$/, '');
      let lastProgress = Date.now();
      let failure: unknown;
      const done = () => [...next].every(([partition, offset]) => offset >= end.get(partition)!);
      await reader.connect();
      await reader.subscribe({ topics: [deadLetterTopicName], fromBeginning: true });
      await reader.run({
        autoCommit: false,
        eachMessage: async ({ partition, message }) => {
          const offset = Number(message.offset);
          // Messages before the start (read before the seek took effect) or already handled are skipped.
          if (failure !== undefined || !next.has(partition) || offset < next.get(partition)! || offset >= end.get(partition)!) return;
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(message.headers ?? {})) {
            const first = Array.isArray(v) ? v[0] : v;
            if (first !== undefined) headers[k] = first.toString();
          }
          const letter: DeadLetter = {
            partition,
            offset: message.offset,
            sourceTopic: headers['dlq-source-topic'] || sourceFallback,
            key: message.key?.toString() ?? '',
            value: message.value?.toString() ?? '',
            headers: Object.fromEntries(Object.entries(headers).filter(([k]) => !k.startsWith('dlq-'))),
            error: headers['dlq-error'] ?? null,
            consumer: headers['dlq-consumer'] ?? null,
          };
          try {
            if (!options.dryRun) await this.publish([{ topic: letter.sourceTopic, key: letter.key, value: letter.value, headers: letter.headers }]);
          } catch (err) {
            failure = err;
            return;
          }
          letters.push(letter);
          options.onMessage?.(letter);
          next.set(partition, offset + 1);
          lastProgress = Date.now();
        },
      });
      for (const [partition, offset] of next) reader.seek({ topic: deadLetterTopicName, partition, offset: String(offset) });
      while (!done() && failure === undefined) {
        if (Date.now() - lastProgress > (options.idleTimeoutMs ?? 30_000)) {
          failure = new Error(`no progress reading ${deadLetterTopicName} for ${(options.idleTimeoutMs ?? 30_000) / 1000} s`);
          break;
        }
        await sleep(100);
      }
      await reader.stop();
      // What was republished is recorded even when the run stops early, so the next run continues after it.
      if (!options.dryRun && letters.length > 0) {
        await admin.setOffsets({
          groupId: options.groupId,
          topic: deadLetterTopicName,
          partitions: [...next].map(([partition, offset]) => ({ partition, offset: String(offset) })),
        });
      }
      if (failure !== undefined) throw failure;
      return letters;
    } finally {
      await reader.disconnect().catch(() => undefined);
      await admin.disconnect().catch(() => undefined);
    }
  }

  async ping(): Promise<void> {
    if (!this.admin) {
      const admin = this.kafka.admin();
      await admin.connect();
      this.admin = admin;
    }
    try {
      await this.admin.describeCluster();
    } catch (err) {
      await this.admin.disconnect().catch(() => undefined);
      this.admin = undefined;
      throw err;
    }
  }

  /**
   * Creates the given topics if missing and raises the partition count of those with fewer
   * (Kafka can add partitions, never remove them). Used by the start scripts and the migration
   * job (with KAFKA_PARTITIONS and KAFKA_REPLICATION_FACTOR: deployment-settings.ts' topicsConfigSchema); services
   * never rely on auto-creation. Adding partitions moves where new messages of a key land, so raise the count while
   * traffic is quiet.
   */
  async ensureTopics(names: readonly string[], partitions: number, replicationFactor = 1): Promise<{ created: string[]; raised: string[] }> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const existing = new Set(await admin.listTopics());
      const missing = names.filter((n) => !existing.has(n));
      if (missing.length > 0) {
        await admin.createTopics({ waitForLeaders: true, topics: missing.map((topic) => ({ topic, numPartitions: partitions, replicationFactor })) });
      }
      const present = names.filter((n) => existing.has(n));
      const { topics } = present.length > 0 ? await admin.fetchTopicMetadata({ topics: present }) : { topics: [] };
      const short = topics.filter((t) => t.partitions.length < partitions).map((t) => t.name);
      if (short.length > 0) {
        await admin.createPartitions({ validateOnly: false, topicPartitions: short.map((topic) => ({ topic, count: partitions })) });
      }
      // The controller has committed the change when these calls return; the broker answering metadata
      // learns of it a moment later. Return only once metadata shows every topic with its partitions led,
      // so a caller (or the next ensureTopics) never sees the old count.
      if (missing.length > 0 || short.length > 0) await waitForPartitions(admin, [...missing, ...short], partitions);
      return { created: missing, raised: short };
    } finally {
      await admin.disconnect();
    }
  }

  async close(): Promise<void> {
    for (const stopping of this.stoppers.values()) stopping.abort(new Error('consumer stopping'));
    this.stoppers.clear();
    await Promise.allSettled([...this.consumers].map((c) => c.disconnect()));
    this.consumers.clear();
    await this.producer?.disconnect().catch(() => undefined);
    this.producer = undefined;
    await this.admin?.disconnect().catch(() => undefined);
    this.admin = undefined;
  }
}

async function waitForPartitions(admin: Admin, names: string[], partitions: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { topics } = await admin.fetchTopicMetadata({ topics: names });
    const ready = names.every((name) => {
      const topic = topics.find((t) => t.name === name);
      return topic !== undefined && topic.partitions.length >= partitions && topic.partitions.every((p) => p.leader >= 0);
    });
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`topics ${names.join(', ')} did not show ${partitions} led partitions within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** How often a consumer commits the offsets it has handled (see subscribe). */
export const commitIntervalMs = 1_000;

/** The handled offsets of one consumer, committed together every commitIntervalMs and when it closes. */
class Committer {
  private readonly pending = new Map<string, { topic: string; partition: number; offset: string }>();
  private readonly timer: NodeJS.Timeout;
  private committing: Promise<void> = Promise.resolve();
  private readonly consumer: Consumer;
  private readonly group: string;
  private readonly logger: Logger;

  constructor(consumer: Consumer, group: string, logger: Logger) {
    this.consumer = consumer;
    this.group = group;
    this.logger = logger;
    this.timer = setInterval(() => void this.commit(), commitIntervalMs);
    this.timer.unref();
  }

  /** The message at `offset` is handled: the partition's next offset to read is the one after it. */
  handled(topic: string, partition: number, offset: string): void {
    this.pending.set(`${topic}\u0000${partition}`, { topic, partition, offset: (BigInt(offset) + 1n).toString() });
  }

  commit(): Promise<void> {
    this.committing = this.committing.then(async () => {
      if (this.pending.size === 0) return;
      const offsets = [...this.pending.values()];
      this.pending.clear();
      try {
        await this.consumer.commitOffsets(offsets);
        metrics.consumerCommits.inc({ group: this.group });
      } catch (err) {
        // A rebalance or a broker away: these messages may come again, and are then recognised as handled.
        this.logger.debug({ err }, 'handled offsets not committed; those messages may be delivered again');
      }
    });
    return this.committing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.commit();
  }
}

/** What a gathering group's fetch waits for (unless gatherMs passes first): about a hundred events. */
const gatherBytes = 64 * 1024;
