import { createRequire } from 'node:module';

/**
 * Two timers of kafkajs 2.2.4's request queue (one queue per broker connection) woke an idle process
 * for nothing. Both are replaced here, at load, with timers that run only while there is work:
 *
 * - The pending-request check re-armed itself with a negative delay (1 ms) even when nothing was
 *   pending: a timer a thousand times a second per connection (kafkajs issues #1556 and #1704; the
 *   fix proposed upstream in PR #1667, not released). It is now scheduled only while requests wait,
 *   after the throttle if there is one. Requests are still sent at once when possible (push), and a
 *   waiting one is checked again when an in-flight one completes.
 * - The request-timeout check ran every 100 ms on every connected connection, whether or not a
 *   request was in flight: ten wake-ups a second per connection, 20-50 per idle service. It now
 *   runs only while requests are in flight, once a second: a request that gets no answer still fails
 *   with kafkajs's own timeout error, at most a second after its timeout (10 s in bus.ts).
 *
 * It patches internals kafkajs does not export: test/unit/kafka-idle-fix-shape.test.ts fails when any of them
 * changes in the installed kafkajs, and docs/decisions.md ("The kafkajs idle fix, and what replaces kafkajs") says
 * what the bus moves to if kafkajs stays unmaintained.
 */
interface InflightRequest {
  sentAt: number;
  requestTimeout: number;
  timeoutRequest(): void;
}

interface RequestQueueShape {
  pending: unknown[];
  inflight: Map<number, InflightRequest>;
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  enforceRequestTimeout: boolean;
  requestTimeout: number;
  requestTimeoutIntervalId: NodeJS.Timeout | undefined;
  isConnected(): boolean;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
  scheduleRequestTimeoutCheck(): void;
  sendSocketRequest(request: unknown): void;
  destroy(): void;
}

const checkPendingIntervalMs = 10;
/** How often requests in flight are checked against their timeout. */
export const requestTimeoutCheckMs = 1_000;
let applied = false;

/** Arms the timeout check if a request is in flight on a connected queue and none is armed; it disarms itself once none is. */
function armRequestTimeoutCheck(queue: RequestQueueShape): void {
  if (!queue.enforceRequestTimeout || queue.requestTimeoutIntervalId || queue.inflight.size === 0 || !queue.isConnected()) return;
  const timer = setInterval(() => {
    const now = Date.now();
    for (const request of queue.inflight.values()) if (now - request.sentAt > request.requestTimeout) request.timeoutRequest();
    if (queue.inflight.size === 0 || !queue.isConnected()) {
      clearInterval(timer); // a timer cleared by destroy() never runs again, so this one is still the queue's
      queue.requestTimeoutIntervalId = undefined;
    }
  }, Math.min(queue.requestTimeout, requestTimeoutCheckMs));
  queue.requestTimeoutIntervalId = timer;
}

export function applyKafkaIdleFix(): void {
  if (applied) return;
  applied = true;
  const RequestQueue = kafkaRequestQueueClass();
  const { sendSocketRequest, destroy } = RequestQueue.prototype;
  RequestQueue.prototype.scheduleCheckPendingRequests = function scheduleCheckPendingRequests(this: RequestQueueShape) {
    if (this.pending.length === 0 || this.throttleCheckTimeoutId) return;
    const throttledFor = this.throttledUntil - Date.now();
    this.throttleCheckTimeoutId = setTimeout(() => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    }, throttledFor > 0 ? throttledFor : checkPendingIntervalMs);
  };
  // Called by the connection once connected: a fresh check for whatever is in flight (nothing, usually).
  RequestQueue.prototype.scheduleRequestTimeoutCheck = function scheduleRequestTimeoutCheck(this: RequestQueueShape) {
    this.destroy();
    armRequestTimeoutCheck(this);
  };
  RequestQueue.prototype.sendSocketRequest = function sendRequestAndArmTimeoutCheck(this: RequestQueueShape, request: unknown) {
    sendSocketRequest.call(this, request);
    armRequestTimeoutCheck(this);
  };
  RequestQueue.prototype.destroy = function destroyAndForgetTimers(this: RequestQueueShape) {
    destroy.call(this);
    this.requestTimeoutIntervalId = undefined;
  };
}

/** The request queue class kafkajs itself loads (the same resolved file, so the same class). */
export function kafkaRequestQueueClass(): { new (options: Record<string, unknown>): RequestQueueShape; prototype: RequestQueueShape } {
  return createRequire(import.meta.url)('kafkajs/src/network/requestQueue/index.js') as { new (options: Record<string, unknown>): RequestQueueShape; prototype: RequestQueueShape };
}
