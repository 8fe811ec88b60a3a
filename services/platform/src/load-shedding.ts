import { performance } from 'node:perf_hooks';

/**
 * The event loop's recent delay: how late a timer fires, averaged over windows of `windowMs`.
 * While requests arrive it samples every `busySampleMs` (as finely as a histogram would); after
 * `idleAfterMs` without one it samples every `idleSampleMs`, so an idle process wakes a couple of
 * times a second instead of a hundred (the 10 ms histogram of @fastify/under-pressure kept every
 * idle service at about 1% of a core).
 */
export class EventLoopDelay {
  private lastActivity = Number.NEGATIVE_INFINITY;
  private windowStart: number;
  private lagSum = 0;
  private samples = 0;
  private taken = 0;
  private timer: NodeJS.Timeout | undefined;
  private meanMs = 0;
  private previousMeanMs = 0;
  private elu = performance.eventLoopUtilization();
  private utilized = 0;

  private readonly options: { busySampleMs: number; idleSampleMs: number; idleAfterMs: number; windowMs: number };
  private readonly now: () => number;
  private readonly windowListeners: ((meanMs: number) => void)[] = [];

  constructor(
    options: { busySampleMs: number; idleSampleMs: number; idleAfterMs: number; windowMs: number } = {
      busySampleMs: 10,
      idleSampleMs: 500,
      idleAfterMs: 5_000,
      windowMs: 250,
    },
    /** The clock (a test's fake one). */
    now: () => number = () => performance.now(),
  ) {
    this.options = options;
    this.now = now;
    this.windowStart = this.now();
  }

  /** The mean delay of the last complete window, in milliseconds. */
  get delayMs(): number {
    return this.meanMs;
  }

  /**
   * The delay the last two complete windows both had (the lower of their means): what load shedding goes by. One
   * late window is a pause, not overload. After a quiet spell a window holds a single sample (they are
   * `idleSampleMs` apart), so one long task then (a first render after a restart, a collection) made that window's
   * mean the whole of it, and the requests of the next quarter second were shed on an otherwise idle process (a
   * hero picture, seen in a Lighthouse run 11 s after a gateway restart). A loop held for longer is late in
   * window after window.
   */
  get sustainedDelayMs(): number {
    return Math.min(this.meanMs, this.previousMeanMs);
  }

  /** How many samples were taken since start (each one wakes the event loop). */
  get sampleCount(): number {
    return this.taken;
  }

  /** The share of the last window the event loop was busy (0-1). */
  get utilization(): number {
    return this.utilized;
  }

  /** Calls `listener` as each window completes, with the delay it and the window before both had (sustainedDelayMs). */
  onWindow(listener: (sustainedMs: number) => void): void {
    this.windowListeners.push(listener);
  }

  /** Marks the process busy (a request arrived); sampling goes fine-grained at the next sample. */
  noteActivity(): void {
    this.lastActivity = this.now();
  }

  start(): void {
    if (this.timer) return;
    this.schedule(this.now());
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(now: number): void {
    const interval = now - this.lastActivity < this.options.idleAfterMs ? this.options.busySampleMs : this.options.idleSampleMs;
    const due = now + interval;
    this.timer = setTimeout(() => this.sample(due), interval);
    this.timer.unref();
  }

  private sample(due: number): void {
    const now = this.now();
    this.lagSum += Math.max(0, now - due);
    this.samples += 1;
    this.taken += 1;
    if (now - this.windowStart >= this.options.windowMs) {
      this.previousMeanMs = this.meanMs;
      this.meanMs = this.lagSum / this.samples;
      const elu = performance.eventLoopUtilization();
      this.utilized = performance.eventLoopUtilization(elu, this.elu).utilization;
      this.elu = elu;
      this.lagSum = 0;
      this.samples = 0;
      this.windowStart = now;
      for (const listener of this.windowListeners) listener(this.sustainedDelayMs);
    }
    this.schedule(now);
  }
}

/**
 * The share of requests to turn away while the event loop runs late: the integral controller of PIE (RFC 8033, the
 * queue manager of DOCSIS cable modems and Linux's `pie` qdisc) with the event loop's delay as the queueing delay: a
 * request that arrives waits about that long before the process even reads it, whatever it asks for. At each window
 * the share moves by `alpha` per millisecond the delay is over (or under) `targetMs`, by at most `maxStep`: it rises
 * while the delay stays over the target and falls back once it is under, so the process settles at the load it can
 * answer at about the target's delay, and the excess is turned away at once, in proportion, rather than all or
 * nothing a window at a time. As in PIE the steps are smaller while the share is small (a tenth under 1%, a third
 * under 10%), so a single late window turns away next to nothing. PIE's second term, on how fast the delay changes,
 * is left out: a loop's delay leaps from 1 to 100 ms and back as it saturates, and that term then swung the share
 * between nothing and everything (simulated, and in `load-shedding.test.ts`). The share never passes `maxShare`, so
 * some of every kind of request is always served.
 */
export class DelayShedding {
  private share = 0;

  private readonly options: { targetMs: number; alpha: number; maxStep: number; maxShare: number };
  private readonly random: () => number;

  constructor(
    options: { targetMs: number; alpha?: number; maxStep?: number; maxShare?: number },
    /** The source of chance (a test's fixed one). */
    random: () => number = Math.random,
  ) {
    this.options = { alpha: 0.02, maxStep: 0.05, maxShare: 0.9, ...options };
    this.random = random;
  }

  /** The share of requests turned away now (0-1). */
  get probability(): number {
    return this.share;
  }

  /** A window of the event loop's delay has completed: moves the share. */
  update(delayMs: number): void {
    const { targetMs, alpha, maxStep, maxShare } = this.options;
    const scale = this.share < 0.01 ? 0.1 : this.share < 0.1 ? 1 / 3 : 1;
    const step = scale * Math.max(-maxStep, Math.min(maxStep, alpha * (delayMs - targetMs)));
    this.share = Math.min(maxShare, Math.max(0, this.share + step));
  }

  /** Whether to turn this request away (at random, with the current share). */
  shed(): boolean {
    return this.share > 0 && this.random() < this.share;
  }
}

/**
 * How many requests a process lets in at once, found from their latency (the idea of TCP Vegas and of
 * Envoy's adaptive concurrency filter, with CoDel's rule for telling a standing queue from a burst). It starts at
 * `max`, so a process within its capacity never sheds for it. Latency is judged a window at a time (at least
 * `windowMs` and `minSamples` answers): the window's median against `targetMs`.
 *
 * - A burst is not overload: the limit is cut only once the median has stayed over the target for `sustainMs` (every
 *   window in that span over it), and then at each window while it stays over. A pause of a second's fraction (a
 *   collection, a checkpoint, a burst of arrivals) sheds nothing, however often it comes.
 * - The first cut sets the limit to the most requests that were in flight at once in that window, not lower: the
 *   queue stops growing at once, and after a slow spell that has passed, what was in flight during it leaves room
 *   for the usual demand. Each later window over the target cuts again, in proportion to how far the median is
 *   over it (at most by half), never under `min`.
 * - A window under the target grows the limit back by a tenth and one (and ends the span: a new cut needs a
 *   sustained one again); one in which the limit was not reached by half (the overload has passed) puts it back at
 *   `max` at once.
 *
 * Past the limit a request is answered 503 at once. Overload then waits in no queue: what is let in is answered
 * about as fast as the target, what is not is told to come back, instead of every request waiting its turn behind
 * a database pool or the services behind the gateway.
 */
export class AdaptiveConcurrencyLimit {
  private current: number;
  private inFlight = 0;
  private peakInFlight = 0;
  private latencies: number[] = [];
  private windowStart: number;
  /** When the run of windows over the target began (undefined: the last window was under it). */
  private overSince: number | undefined;
  /** Whether the limit has been cut since it was last put back at its maximum. */
  private cut = false;

  private readonly options: { targetMs: number; min: number; max: number; windowMs: number; minSamples: number; sustainMs: number };
  private readonly now: () => number;

  constructor(
    options: { targetMs: number; min: number; max: number; windowMs: number; minSamples: number; sustainMs: number },
    /** The clock (a test's fake one). */
    now: () => number = () => performance.now(),
  ) {
    this.options = options;
    this.now = now;
    this.current = options.max;
    this.windowStart = this.now();
  }

  /** The number of requests let in at once now. */
  get limit(): number {
    return Math.floor(this.current);
  }

  /** Lets a request in and returns when it started, or returns undefined when the limit is reached (shed it). */
  acquire(): number | undefined {
    if (this.inFlight >= this.limit) return undefined;
    this.inFlight += 1;
    if (this.inFlight > this.peakInFlight) this.peakInFlight = this.inFlight;
    return this.now();
  }

  /**
   * A request let in has been answered (or its client went away). One answered without waiting on anything
   * (`sample` false: from memory) says nothing of how loaded what is behind the process is, and is not counted
   * in the median: a share of instant answers would otherwise hide the slow ones from it.
   */
  release(startedAt: number, sample = true): void {
    this.inFlight -= 1;
    if (!sample) return;
    const now = this.now();
    this.latencies.push(now - startedAt);
    if (now - this.windowStart < this.options.windowMs || this.latencies.length < this.options.minSamples) return;
    const sorted = this.latencies.sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const { targetMs, min, max, sustainMs, windowMs } = this.options;
    if (median > targetMs) {
      // A window that began in a quiet spell counts for its last windowMs only.
      this.overSince ??= Math.max(this.windowStart, now - windowMs);
      if (now - this.overSince >= sustainMs) {
        // The first cut holds the limit at what was in flight (the queue stops growing); later ones shrink it.
        this.current = Math.max(min, this.cut ? this.current * Math.max(0.5, targetMs / median) : Math.min(max, this.peakInFlight));
        this.cut = true;
      }
    } else {
      this.overSince = undefined;
      if (this.peakInFlight * 2 <= this.limit) {
        this.current = max;
        this.cut = false;
      } else {
        this.current = Math.min(max, this.current * 1.1 + 1);
      }
    }
    this.latencies = [];
    this.windowStart = now;
    this.peakInFlight = this.inFlight;
  }
}

const answeredFromMemoryRequests = new WeakSet<object>();

/** Marks a request answered from memory (a kept answer): the latency limit learns nothing from its time. */
export function answeredFromMemory(request: { raw: object }): void {
  answeredFromMemoryRequests.add(request.raw);
}

/** Whether a request was marked answered from memory. */
export function wasAnsweredFromMemory(request: { raw: object }): boolean {
  return answeredFromMemoryRequests.has(request.raw);
}
