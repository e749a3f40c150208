import type { GpxRead, GpxWorkerAnswer, GpxWorkerMessage, GpxWorkerRequest } from './gpx-preview.ts';

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
  private readonly waiting = new Map<number, { file: File; resolve: (read: GpxRead) => void }>();
  /** Files being converted to GPX after their answer: the Blob follows in a message of its own. */
  private readonly converting = new Map<number, (blob: Blob | null) => void>();

  /** Starts the worker (and so loads its code) before a file is chosen. */
  warm(): void {
    if (this.worker) return;
    const worker = new Worker(new URL('./gpx.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<GpxWorkerMessage>) => {
      const message = event.data;
      if ('answer' in message) this.settle(message.id, message.answer);
      else this.convert(message.id, message.converted);
    };
    // A worker that fails to load or crashes answers every pending read with the loading error.
    worker.onerror = () => {
      this.stop();
    };
    this.worker = worker;
  }

  /**
   * Reads one file: resolves with its preview as soon as it is measured; `upload` then gives the file to send (the
   * file itself, or the GPX the worker converts it to, which follows), or null if the worker stopped meanwhile.
   */
  read(file: File): Promise<GpxRead> {
    performance.mark(GPX_READ_MARKS.start);
    this.warm();
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, { file, resolve });
      const request: GpxWorkerRequest = { id, file };
      this.worker!.postMessage(request);
    });
  }

  /** Ends the worker; reads still pending get the loading error. */
  stop(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const id of [...this.waiting.keys()]) this.settle(id, { ok: false, code: 'GPX_INVALID' });
    for (const id of [...this.converting.keys()]) this.convert(id, null);
  }

  private settle(id: number, answer: GpxWorkerAnswer) {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id);
    performance.mark(GPX_READ_MARKS.end);
    if (!answer.ok) return waiting.resolve(answer);
    const upload = answer.converting
      ? new Promise<Blob | null>((resolve) => this.converting.set(id, resolve))
      : Promise.resolve(waiting.file);
    waiting.resolve({ ...answer, upload });
  }

  private convert(id: number, blob: Blob | null) {
    const resolve = this.converting.get(id);
    if (!resolve) return;
    this.converting.delete(id);
    resolve(blob);
  }
}
