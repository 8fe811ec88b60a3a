import { describe, expect, it } from 'vitest';
import { HttpError } from '@reproute/platform';
import { messages } from '@reproute/contracts';
import { PhotoGate } from '../../src/photos/gate.ts';

const later = () => {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
};

describe('the photo decoding gate', () => {
  it('runs `concurrency` at a time, the rest in arrival order', async () => {
    const gate = new PhotoGate({ concurrency: 1, queue: 5, waitMs: 5_000, retryAfterSeconds: 5 });
    const order: number[] = [];
    const first = later();
    const runs = [gate.run(async () => { order.push(1); await first.done; })];
    for (const n of [2, 3, 4]) runs.push(gate.run(async () => void order.push(n)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual([1]);
    expect(gate.busy).toEqual({ active: 1, waiting: 3 });
    first.release();
    await Promise.all(runs);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(gate.busy).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses past the queue with 503 and Retry-After, and frees the slot of a failed decode', async () => {
    const gate = new PhotoGate({ concurrency: 1, queue: 1, waitMs: 5_000, retryAfterSeconds: 7 });
    const hold = later();
    const running = gate.run(() => hold.done);
    const queued = gate.run(async () => 'queued');
    const refused = await gate.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 503, message: messages.photosBusy, retryAfterSeconds: 7 });
    hold.release();
    await running;
    expect(await queued).toBe('queued');
    await expect(gate.run(async () => { throw new Error('bad file'); })).rejects.toThrow('bad file');
    expect(gate.busy).toEqual({ active: 0, waiting: 0 });
  });

  it('gives up on a wait that lasts too long, and the one waiting after it still runs', async () => {
    const gate = new PhotoGate({ concurrency: 1, queue: 5, waitMs: 50, retryAfterSeconds: 5 });
    const hold = later();
    const running = gate.run(() => hold.done);
    const timedOut = gate.run(async () => 'late').catch((error: unknown) => error);
    expect(await timedOut).toMatchObject({ statusCode: 503 });
    expect(gate.busy.waiting).toBe(0);
    hold.release();
    await running;
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
