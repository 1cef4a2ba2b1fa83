import { MediaInputError } from './media-input-error.ts';

/**
 * Decoding and encoding images is the heaviest work the server does (a 50 MP photo takes ~200 MB and a core for a
 * second). Every upload, from every request, takes its turn here: at most `concurrency` images are worked on at
 * once, a few more wait, and beyond that an upload is refused at once rather than piling up memory.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) {
        throw new MediaInputError('The server is busy processing other images. Try again in a minute.', 503);
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await job();
    } finally {
      // Hand the slot straight to the next waiter, so `running` never dips and lets a newcomer jump the line.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** Two images at a time: the machine keeps a core for answering pages. */
export const imageWork = new WorkQueue(2, 16);
