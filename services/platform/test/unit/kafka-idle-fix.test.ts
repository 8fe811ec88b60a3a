import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyKafkaIdleFix, kafkaRequestQueueClass } from '../../src/kafka-idle-fix.ts';

const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const newQueue = () => {
  const RequestQueue = kafkaRequestQueueClass();
  return new RequestQueue({ maxInFlightRequests: 10, requestTimeout: 30_000, enforceRequestTimeout: true, clientId: 't', broker: 'b', logger: quiet });
};

afterEach(() => vi.useRealTimers());

describe('the kafkajs idle fix', () => {
  it('arms no timer while nothing waits (kafkajs re-armed one every millisecond)', () => {
    applyKafkaIdleFix();
    const queue = newQueue();
    queue.checkPendingRequests();
    expect(queue.throttleCheckTimeoutId).toBeNull();
  });

  it('checks a waiting request again after the throttle, then stops', () => {
    vi.useFakeTimers();
    applyKafkaIdleFix();
    const queue = newQueue() as ReturnType<typeof newQueue> & { canSendSocketRequestImmediately: () => boolean; sendSocketRequest: (r: unknown) => void };
    let sendable = false;
    const sent: unknown[] = [];
    queue.canSendSocketRequestImmediately = () => sendable;
    queue.sendSocketRequest = (request) => void sent.push(request);
    queue.throttledUntil = Date.now() + 500;
    queue.pending.push({ correlationId: 1 });
    queue.scheduleCheckPendingRequests();
    expect(queue.throttleCheckTimeoutId).not.toBeNull();
    sendable = true;
    vi.advanceTimersByTime(499);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([{ correlationId: 1 }]);
    expect(queue.pending).toHaveLength(0);
    expect(queue.throttleCheckTimeoutId).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});
