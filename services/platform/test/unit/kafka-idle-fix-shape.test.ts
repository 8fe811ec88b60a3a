import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kafkaRequestQueueClass } from '../../src/kafka-idle-fix.ts';

// kafka-idle-fix.ts replaces and wraps methods of kafkajs's request queue, a class kafkajs does not export. It stays
// only while these checks hold: each names an internal of the installed kafkajs the fix relies on, read from
// kafkajs's own files (the fix has already patched the class in memory). When one fails, kafkajs changed under the
// fix: read the new request queue, adapt or drop the fix (did kafkajs fix issues #1556 and #1704 itself?), then
// update the check. docs/decisions.md ("The kafkajs idle fix, and what replaces kafkajs") says what replaces kafkajs if it stays unmaintained.

const require = createRequire(import.meta.url);
const queueFile = require.resolve('kafkajs/src/network/requestQueue/index.js');
const kafkajsDir = path.resolve(path.dirname(queueFile), '../../..');
const read = (relative: string) => readFileSync(path.join(kafkajsDir, relative), 'utf8');
const queueSource = read('src/network/requestQueue/index.js');

/** The source of one method of the request queue's class, as written in kafkajs. */
function method(name: string): string {
  const found = new RegExp(`^  ${name}\\(([^)]*)\\) \\{\\n([\\s\\S]*?)^  \\}$`, 'm').exec(queueSource);
  expect(found, `kafkajs's RequestQueue has no method ${name}()`).not.toBeNull();
  return found![0];
}
/** A method without comments and white space, so a reformatting does not count as a change. */
const normalised = (source: string) => source.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, '');

describe('the kafkajs internals kafka-idle-fix.ts relies on', () => {
  it('is kafkajs 2.2.4, the version the fix was written against', () => {
    expect(JSON.parse(read('package.json')).version).toBe('2.2.4');
  });

  it("loads the request queue class from the file kafkajs's connections use", () => {
    const connectionFile = path.join(kafkajsDir, 'src/network/connection.js');
    expect(read('src/network/connection.js')).toContain("const RequestQueue = require('./requestQueue')");
    expect(createRequire(connectionFile).resolve('./requestQueue')).toBe(queueFile);
    expect(kafkaRequestQueueClass()).toBe(require(queueFile));
  });

  it('has the methods the fix replaces or wraps, and the fields they use', () => {
    const RequestQueue = kafkaRequestQueueClass();
    for (const name of ['scheduleCheckPendingRequests', 'scheduleRequestTimeoutCheck', 'sendSocketRequest', 'destroy', 'checkPendingRequests']) {
      expect(typeof (RequestQueue.prototype as unknown as Record<string, unknown>)[name], name).toBe('function');
    }
    const queue = new RequestQueue({ maxInFlightRequests: 10, requestTimeout: 30_000, enforceRequestTimeout: true, clientId: 't', broker: 'b', logger: {}, isConnected: () => true });
    expect(Array.isArray(queue.pending)).toBe(true);
    expect(queue.inflight).toBeInstanceOf(Map);
    expect(typeof queue.throttledUntil).toBe('number');
    expect(queue.throttleCheckTimeoutId).toBeNull();
    expect(queue.enforceRequestTimeout).toBe(true);
    expect(queue.requestTimeout).toBe(30_000);
    expect(queue.isConnected()).toBe(true);
  });

  it('behaves as the fix assumes: destroy clears both timers by their fields, a send puts the request in flight, a check or an answer reschedules', () => {
    expect(normalised(method('destroy'))).toContain('clearInterval(this.requestTimeoutIntervalId)clearTimeout(this.throttleCheckTimeoutId)');
    expect(normalised(method('scheduleRequestTimeoutCheck'))).toContain('this.requestTimeoutIntervalId=setInterval(');
    expect(normalised(method('sendSocketRequest'))).toMatch(/^sendSocketRequest\(socketRequest\)\{socketRequest\.send\(\)/);
    expect(normalised(method('checkPendingRequests'))).toMatch(/this\.scheduleCheckPendingRequests\(\)\}$/);
    expect(normalised(method('fulfillRequest'))).toContain('this.inflight.delete(correlationId)this.checkPendingRequests()');
    expect(normalised(method('createSocketRequest'))).toContain('this.inflight.set(correlationId,socketRequest)');
    const socketRequest = normalised(read('src/network/requestQueue/socketRequest.js'));
    expect(socketRequest).toContain('this.sentAt=Date.now()');
    expect(socketRequest).toContain('this.requestTimeout=requestTimeout');
    expect(socketRequest).toMatch(/timeoutRequest\(\)\{/);
    // A connection arms the timeout check once connected and destroys its queue's timers on disconnect.
    const connection = normalised(read('src/network/connection.js'));
    expect(connection).toContain('this.connectionStatus=CONNECTION_STATUS.CONNECTEDthis.requestQueue.scheduleRequestTimeoutCheck()');
    expect(connection).toContain('awaitthis.requestQueue.waitForPendingRequests()this.requestQueue.destroy()');
  });

  it('has the very methods the fix was written against (a fingerprint of their source)', () => {
    const patched = ['scheduleCheckPendingRequests', 'scheduleRequestTimeoutCheck', 'sendSocketRequest', 'destroy', 'checkPendingRequests', 'fulfillRequest'];
    const fingerprint = createHash('sha256').update(patched.map((name) => normalised(method(name))).join('\n')).digest('hex').slice(0, 16);
    expect(fingerprint, "kafkajs's request queue changed: re-check kafka-idle-fix.ts against it, then update this fingerprint").toBe('fdbd9b3d6cb8ee6e');
  });
});
