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
  private elu = performance.eventLoopUtilization();
  private utilized = 0;

  constructor(
    private readonly options: { busySampleMs: number; idleSampleMs: number; idleAfterMs: number; windowMs: number } = {
      busySampleMs: 10,
      idleSampleMs: 500,
      idleAfterMs: 5_000,
      windowMs: 250,
    },
    /** The clock (a test's fake one). */
    private readonly now: () => number = () => performance.now(),
  ) {
    this.windowStart = this.now();
  }

  /** The mean delay of the last complete window, in milliseconds. */
  get delayMs(): number {
    return this.meanMs;
  }

  /** How many samples were taken since start (each one wakes the event loop). */
  get sampleCount(): number {
    return this.taken;
  }

  /** The share of the last window the event loop was busy (0-1). */
  get utilization(): number {
    return this.utilized;
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
      this.meanMs = this.lagSum / this.samples;
      const elu = performance.eventLoopUtilization();
      this.utilized = performance.eventLoopUtilization(elu, this.elu).utilization;
      this.elu = elu;
      this.lagSum = 0;
      this.samples = 0;
      this.windowStart = now;
    }
    this.schedule(now);
  }
}
