import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyKafkaIdleFix, kafkaRequestQueueClass, requestTimeoutCheckMs } from '../../src/kafka-idle-fix.ts';

const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const newQueue = (isConnected = () => true) => {
  const RequestQueue = kafkaRequestQueueClass();
  return new RequestQueue({ maxInFlightRequests: 10, requestTimeout: 30_000, enforceRequestTimeout: true, clientId: 't', broker: 'b', logger: quiet, isConnected });
};

/** A request as kafkajs's queue sees it once sent: in flight until answered or timed out. */
function sentRequest(queue: ReturnType<typeof newQueue>, correlationId: number, requestTimeout: number) {
  const request = {
    correlationId,
    expectResponse: true,
    sentAt: 0,
    requestTimeout,
    timedOut: false,
    send() {
      queue.inflight.set(correlationId, request);
      request.sentAt = Date.now();
    },
    timeoutRequest() {
      request.timedOut = true;
      queue.inflight.delete(correlationId);
    },
  };
  queue.sendSocketRequest(request);
  return request;
}

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

  it('keeps no request-timeout timer on a connection with nothing in flight (kafkajs woke every 100 ms)', () => {
    vi.useFakeTimers();
    applyKafkaIdleFix();
    const queue = newQueue();
    queue.scheduleRequestTimeoutCheck(); // what a connection does once connected
    expect(vi.getTimerCount()).toBe(0);
  });

  it('times out a request left unanswered within a second of its timeout, then stops checking', () => {
    vi.useFakeTimers();
    applyKafkaIdleFix();
    const queue = newQueue();
    queue.scheduleRequestTimeoutCheck();
    const unanswered = sentRequest(queue, 1, 10_000);
    const answered = sentRequest(queue, 2, 10_000);
    expect(vi.getTimerCount()).toBe(1); // one check for the connection, however many requests
    vi.advanceTimersByTime(5_000);
    queue.inflight.delete(2); // its answer came
    vi.advanceTimersByTime(5_000);
    expect(unanswered.timedOut).toBe(false);
    vi.advanceTimersByTime(requestTimeoutCheckMs);
    expect(unanswered.timedOut).toBe(true);
    expect(answered.timedOut).toBe(false);
    expect(queue.inflight.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops checking when the connection drops, and checks again for requests sent once reconnected', () => {
    vi.useFakeTimers();
    applyKafkaIdleFix();
    let connected = true;
    const queue = newQueue(() => connected);
    queue.scheduleRequestTimeoutCheck();
    sentRequest(queue, 1, 10_000);
    connected = false;
    queue.destroy(); // what the connection does on disconnect, before it rejects what was in flight
    queue.inflight.clear();
    expect(vi.getTimerCount()).toBe(0);
    connected = true;
    queue.scheduleRequestTimeoutCheck();
    const after = sentRequest(queue, 2, 10_000);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(10_000 + requestTimeoutCheckMs);
    expect(after.timedOut).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
