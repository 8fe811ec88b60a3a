import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventCatalog, type Envelope, type EventData, type EventType } from '@reproute/contracts';
import type { BusMessage, EventBus, MessageContext, ReceivedMessage, SubscribeOptions } from '../bus.ts';

type OnMessage = (message: ReceivedMessage, context: MessageContext) => Promise<void>;

interface Member {
  topics: ReadonlySet<string>;
  onMessage: OnMessage;
  stopping: AbortController;
}

/** One consumer group: its own queue of undelivered messages (its uncommitted offsets) and its members. */
interface Group {
  /** Every topic a member of the group has read: the group keeps receiving them while no member runs. */
  topics: Set<string>;
  pending: ReceivedMessage[];
  members: Member[];
  running: Promise<void> | undefined;
}

/**
 * The event bus in one process, for route tests: what is published is recorded (see `published`)
 * and delivered to every subscribed group once, in publication order (so in order per key). A group
 * handles one message at a time; a rejected `onMessage` leaves the message at the head of the group's
 * queue and it is delivered again shortly, as an uncommitted Kafka offset would be.
 */
export class InMemoryBus implements EventBus {
  private readonly log: ReceivedMessage[] = [];
  private readonly groups = new Map<string, Group>();
  private closed = false;

  private readonly options: { redeliveryDelayMs?: number };

  constructor(options: { redeliveryDelayMs?: number } = {}) {
    this.options = options;
  }

  async publish(messages: BusMessage[]): Promise<void> {
    if (this.closed) throw new Error('bus closed');
    for (const m of messages) {
      const received: ReceivedMessage = { topic: m.topic, partition: 0, offset: String(this.log.length), key: m.key, value: m.value, headers: { ...m.headers } };
      this.log.push(received);
      for (const [, group] of this.groups) {
        if (group.topics.has(m.topic)) group.pending.push(received);
      }
    }
    for (const group of this.groups.values()) this.drive(group);
  }

  /**
   * Publishes one event as a service's outbox relay would (its envelope, `event-type` and `event-id`
   * headers), so a test can feed a consumer what another service would have sent.
   */
  async publishEvent<T extends EventType>(type: T, data: EventData<T>, options: { key: string | number }): Promise<Envelope<T>> {
    const envelope = { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), data: eventCatalog[type].data.parse(data) as EventData<T> };
    await this.publishEnvelope(envelope, options.key);
    return envelope;
  }

  /** Publishes a ready envelope on its event's topic (the same one twice is a redelivery). */
  async publishEnvelope(envelope: Envelope, key: string | number): Promise<void> {
    await this.publish([{ topic: eventCatalog[envelope.type].topic, key: String(key), value: JSON.stringify(envelope), headers: { 'event-type': envelope.type, 'event-id': envelope.id } }]);
  }

  /** Everything published so far (on `topic` when given), oldest first. */
  published(topic?: string): ReceivedMessage[] {
    return this.log.filter((m) => topic === undefined || m.topic === topic);
  }

  /** The envelopes published so far (of `type` when given), parsed. */
  events<T extends EventType>(type?: T): Envelope<T>[] {
    return this.log
      .map((m) => JSON.parse(m.value ?? 'null') as Envelope<T> | null)
      .filter((e): e is Envelope<T> => e !== null && (type === undefined || e.type === type));
  }

  async subscribe(options: SubscribeOptions): Promise<{ stop: () => Promise<void> }> {
    if (this.closed) throw new Error('bus closed');
    const member: Member = { topics: new Set(options.topics), onMessage: options.onMessage, stopping: new AbortController() };
    let group = this.groups.get(options.groupId);
    if (!group) {
      // A new group starts at the beginning of its topics (the default) or at their end.
      const history = (options.fromBeginning ?? true) ? this.log.filter((m) => member.topics.has(m.topic)) : [];
      group = { topics: new Set(), pending: history, members: [], running: undefined };
      this.groups.set(options.groupId, group);
    }
    for (const topic of options.topics) group.topics.add(topic);
    group.members.push(member);
    this.drive(group);
    const joined = group;
    return {
      stop: async () => {
        member.stopping.abort(new Error('consumer stopping'));
        joined.members = joined.members.filter((m) => m !== member);
        await joined.running;
      },
    };
  }

  /** Resolves once no group has a message waiting or in hand (a handler that keeps failing keeps it waiting: give up after `timeoutMs`). */
  async settled(timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const busy = [...this.groups.values()].filter((g) => g.running !== undefined || (g.pending.length > 0 && g.members.length > 0));
      if (busy.length === 0) return;
      if (Date.now() > deadline) throw new Error(`bus not settled after ${timeoutMs} ms: ${busy.reduce((n, g) => n + g.pending.length, 0)} messages waiting`);
      await Promise.race([...busy.map((g) => g.running), sleep(20)]);
    }
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('bus closed');
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const group of this.groups.values()) {
      for (const member of group.members) member.stopping.abort(new Error('consumer stopping'));
      group.members = [];
    }
    await Promise.all([...this.groups.values()].map((g) => g.running));
  }

  /** Runs the group's delivery loop unless it is running already. */
  private drive(group: Group): void {
    if (group.running) return;
    group.running = this.deliver(group).finally(() => {
      group.running = undefined;
      // Published or joined while the loop was finishing: start again.
      if (group.pending.length > 0 && group.members.some((m) => !m.stopping.signal.aborted)) this.drive(group);
    });
  }

  private async deliver(group: Group): Promise<void> {
    let failures = 0;
    for (;;) {
      const message = group.pending[0];
      const member = message && group.members.find((m) => m.topics.has(message.topic) && !m.stopping.signal.aborted);
      // Nothing waiting, or no running member reads its topic: it waits for the next subscriber.
      if (!message || !member) return;
      try {
        await member.onMessage(message, { signal: member.stopping.signal });
        group.pending.shift();
        failures = 0;
      } catch {
        // Not committed: the same message comes again, after a pause that grows with each failure.
        failures += 1;
        if (member.stopping.signal.aborted) return;
        await sleep(Math.min(200, (this.options.redeliveryDelayMs ?? 10) * 2 ** Math.min(failures - 1, 5)));
      }
    }
  }
}
