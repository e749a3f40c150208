import type { GpxWorkerAnswer } from './gpx-preview.ts';

/** User-timing marks around the read, so profiles (and the e2e budget check) can find it. */
export const GPX_READ_MARKS = { start: 'cordata:gpx-read-start', end: 'cordata:gpx-read-end' } as const;

/** Reads and measures a GPX file in a Web Worker, off the main thread. */
export function readGpxFile(file: File): Promise<GpxWorkerAnswer> {
  performance.mark(GPX_READ_MARKS.start);
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./gpx.worker.ts', import.meta.url), { type: 'module' });
    const finish = (answer: GpxWorkerAnswer) => {
      worker.terminate();
      performance.mark(GPX_READ_MARKS.end);
      resolve(answer);
    };
    worker.onmessage = (event: MessageEvent<GpxWorkerAnswer>) => finish(event.data);
    worker.onerror = () => finish({ ok: false, code: 'GPX_INVALID' });
    worker.postMessage(file);
  });
}
