import { HttpError } from '../errors.ts';
import { messages } from '@reproute/contracts';

/**
 * How many photos are decoded at once in this process, and how many may wait. Decoding is what costs memory
 * (a 10000 x 10000 PNG of 300 KB is a canvas of hundreds of MB), so the catalog decodes `concurrency` at a
 * time (default 1) and lets at most `queue` more wait, each at most `waitMs`; past either the upload is
 * answered 503 with Retry-After and nothing of it is stored. Nothing else the catalog does waits here.
 */
export class PhotoGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  private readonly options: { concurrency: number; queue: number; waitMs: number; retryAfterSeconds: number };

  constructor(options: { concurrency: number; queue: number; waitMs: number; retryAfterSeconds: number }) {
    this.options = options;
  }

  get busy(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.options.concurrency) await this.wait();
    else this.active += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line, so nobody can overtake it.
      if (next) next();
      else this.active -= 1;
    }
  }

  private wait(): Promise<void> {
    if (this.waiting.length >= this.options.queue) return Promise.reject(this.refusal());
    return new Promise((resolve, reject) => {
      const entry = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(entry);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(this.refusal());
      }, this.options.waitMs);
      this.waiting.push(entry);
    });
  }

  private refusal(): HttpError {
    return new HttpError(503, messages.photosBusy, undefined, this.options.retryAfterSeconds);
  }
}
