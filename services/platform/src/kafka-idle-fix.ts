import { createRequire } from 'node:module';

/**
 * kafkajs 2.2.4's request queue re-arms its pending-request check with a negative delay (1 ms)
 * even when nothing is pending, so every broker connection spins a timer a thousand times a second
 * (kafkajs issues #1556 and #1704; fix proposed upstream in PR #1667 and not released). An idle
 * service with consumers spent ~2.5% of a core on it. This applies the upstream fix: the check is
 * scheduled only while requests wait, after the throttle if there is one. Requests are still sent
 * at once when possible (push), and a waiting one is checked again when an in-flight one completes.
 */
interface RequestQueueShape {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

const checkPendingIntervalMs = 10;
let applied = false;

export function applyKafkaIdleFix(): void {
  if (applied) return;
  applied = true;
  const RequestQueue = kafkaRequestQueueClass();
  RequestQueue.prototype.scheduleCheckPendingRequests = function scheduleCheckPendingRequests(this: RequestQueueShape) {
    if (this.pending.length === 0 || this.throttleCheckTimeoutId) return;
    const throttledFor = this.throttledUntil - Date.now();
    this.throttleCheckTimeoutId = setTimeout(() => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    }, throttledFor > 0 ? throttledFor : checkPendingIntervalMs);
  };
}

/** The request queue class kafkajs itself loads (the same resolved file, so the same class). */
export function kafkaRequestQueueClass(): { new (options: Record<string, unknown>): RequestQueueShape; prototype: RequestQueueShape } {
  return createRequire(import.meta.url)('kafkajs/src/network/requestQueue/index.js') as { new (options: Record<string, unknown>): RequestQueueShape; prototype: RequestQueueShape };
}
