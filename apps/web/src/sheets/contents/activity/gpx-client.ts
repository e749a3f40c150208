import type { GpxWorkerAnswer, GpxWorkerRequest } from './gpx-preview.ts';

/** User-timing marks around the read, so profiles (and the e2e budget check) can find it. */
export const GPX_READ_MARKS = { start: 'cordata:gpx-read-start', end: 'cordata:gpx-read-end' } as const;

/**
 * Reads and measures GPX files in one Web Worker, off the main thread. The worker is started once,
 * ahead of the first file (`warm`), and kept: starting and terminating a worker for every file cost the
 * main thread several milliseconds each, inside the read.
 */
export class GpxReader {
  private worker: Worker | null = null;
  private next = 1;
  private readonly waiting = new Map<number, (answer: GpxWorkerAnswer) => void>();

  /** Starts the worker (and so loads its code) before a file is chosen. */
  warm(): void {
    if (this.worker) return;
    const worker = new Worker(new URL('./gpx.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ id: number; answer: GpxWorkerAnswer }>) =>
      this.settle(event.data.id, event.data.answer);
    // A worker that fails to load or crashes answers every pending read with the loading error.
    worker.onerror = () => {
      this.stop();
    };
    this.worker = worker;
  }

  read(file: File): Promise<GpxWorkerAnswer> {
    performance.mark(GPX_READ_MARKS.start);
    this.warm();
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      const request: GpxWorkerRequest = { id, file };
      this.worker!.postMessage(request);
    });
  }

  /** Ends the worker; reads still pending get the loading error. */
  stop(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const id of [...this.waiting.keys()]) this.settle(id, { ok: false, code: 'GPX_INVALID' });
  }

  private settle(id: number, answer: GpxWorkerAnswer) {
    const resolve = this.waiting.get(id);
    if (!resolve) return;
    this.waiting.delete(id);
    performance.mark(GPX_READ_MARKS.end);
    resolve(answer);
  }
}
