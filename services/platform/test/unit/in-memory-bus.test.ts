import { describe, expect, it } from 'vitest';
import type { ReceivedMessage } from '../../src/bus.ts';
import { InMemoryBus } from '../../src/testing/in-memory-bus.ts';

const message = (topic: string, key: string, value: string) => ({ topic, key, value, headers: {} });

describe('InMemoryBus', () => {
  it('records what is published, per topic', async () => {
    const bus = new InMemoryBus();
    await bus.publish([message('a', 'k1', '1'), message('b', 'k1', '2'), message('a', 'k2', '3')]);
    expect(bus.published().map((m) => m.value)).toEqual(['1', '2', '3']);
    expect(bus.published('a').map((m) => [m.key, m.value])).toEqual([['k1', '1'], ['k2', '3']]);
    expect(bus.published('c')).toEqual([]);
  });

  it('delivers each message once to every group, in publication order, only on its topics', async () => {
    const bus = new InMemoryBus();
    const seen: Record<string, string[]> = { one: [], two: [] };
    for (const group of ['one', 'two'] as const) {
      await bus.subscribe({ groupId: group, topics: ['a'], onMessage: async (m) => void seen[group]!.push(m.value!) });
    }
    await bus.publish([message('a', 'k', '1'), message('b', 'k', 'other topic'), message('a', 'k', '2'), message('a', 'j', '3')]);
    await bus.settled();
    expect(seen).toEqual({ one: ['1', '2', '3'], two: ['1', '2', '3'] });
  });

  it('shares a group between its members: one delivery per group, not per member', async () => {
    const bus = new InMemoryBus();
    const seen: string[] = [];
    for (let i = 0; i < 2; i += 1) await bus.subscribe({ groupId: 'g', topics: ['a'], onMessage: async (m) => void seen.push(m.value!) });
    await bus.publish([message('a', 'k', '1'), message('a', 'k', '2')]);
    await bus.settled();
    expect(seen).toEqual(['1', '2']);
  });

  it('gives a new group the earlier messages unless it asks to start from now', async () => {
    const bus = new InMemoryBus();
    await bus.publish([message('a', 'k', 'before')]);
    const fromStart: string[] = [];
    const fromNow: string[] = [];
    await bus.subscribe({ groupId: 'start', topics: ['a'], onMessage: async (m) => void fromStart.push(m.value!) });
    await bus.subscribe({ groupId: 'now', topics: ['a'], fromBeginning: false, onMessage: async (m) => void fromNow.push(m.value!) });
    await bus.publish([message('a', 'k', 'after')]);
    await bus.settled();
    expect(fromStart).toEqual(['before', 'after']);
    expect(fromNow).toEqual(['after']);
  });

  it('delivers a rejected message again before the ones after it (an uncommitted offset)', async () => {
    const bus = new InMemoryBus({ redeliveryDelayMs: 1 });
    const attempts: string[] = [];
    let failuresLeft = 2;
    await bus.subscribe({
      groupId: 'g',
      topics: ['a'],
      onMessage: async (m) => {
        attempts.push(m.value!);
        if (m.value === '1' && failuresLeft-- > 0) throw new Error('dependency down');
      },
    });
    await bus.publish([message('a', 'k', '1'), message('a', 'k', '2')]);
    await bus.settled();
    expect(attempts).toEqual(['1', '1', '1', '2']);
  });

  it('keeps a stopped group\'s place: what was published meanwhile reaches the next member of the group', async () => {
    const bus = new InMemoryBus();
    const first: string[] = [];
    const handle = await bus.subscribe({ groupId: 'g', topics: ['a'], onMessage: async (m) => void first.push(m.value!) });
    await bus.publish([message('a', 'k', '1')]);
    await bus.settled();
    await handle.stop();
    await bus.publish([message('a', 'k', '2')]);
    const second: ReceivedMessage[] = [];
    await bus.subscribe({ groupId: 'g', topics: ['a'], onMessage: async (m) => void second.push(m) });
    await bus.settled();
    expect(first).toEqual(['1']);
    expect(second.map((m) => m.value)).toEqual(['2']);
    expect(second[0]).toMatchObject({ topic: 'a', key: 'k', partition: 0, offset: '1' });
  });

  it('aborts a handler in progress when its subscription stops, and leaves the message for redelivery', async () => {
    const bus = new InMemoryBus();
    let aborted = false;
    const handle = await bus.subscribe({
      groupId: 'g',
      topics: ['a'],
      onMessage: (_m, { signal }) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(signal.reason as Error);
          });
        }),
    });
    await bus.publish([message('a', 'k', '1')]);
    await handle.stop();
    expect(aborted).toBe(true);
    const later: string[] = [];
    await bus.subscribe({ groupId: 'g', topics: ['a'], onMessage: async (m) => void later.push(m.value!) });
    await bus.settled();
    expect(later).toEqual(['1']);
  });

  it('publishes an event in the envelope and headers a relay would, and reads envelopes back', async () => {
    const bus = new InMemoryBus();
    const userId = '00000000-0000-4000-8000-000000000001';
    const envelope = await bus.publishEvent('user.registered', { userId, email: 'a@example.com', firstName: null, lastName: null }, { key: userId });
    const [sent] = bus.published();
    expect(sent).toMatchObject({ key: userId, headers: { 'event-type': 'user.registered', 'event-id': envelope.id } });
    expect(JSON.parse(sent!.value!)).toMatchObject({ id: envelope.id, type: 'user.registered', version: 1, data: { userId } });
    expect(bus.events('user.registered')).toHaveLength(1);
    await expect(bus.publishEvent('user.registered', { userId: 'not a uuid' } as never, { key: 1 })).rejects.toThrow();
  });

  it('answers ping until closed, then refuses', async () => {
    const bus = new InMemoryBus();
    await expect(bus.ping()).resolves.toBeUndefined();
    await bus.close();
    await expect(bus.ping()).rejects.toThrow('bus closed');
    await expect(bus.publish([message('a', 'k', '1')])).rejects.toThrow('bus closed');
  });
});
