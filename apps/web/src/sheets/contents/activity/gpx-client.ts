import type { GpxWorkerAnswer } from './gpx-preview.ts';

/** Reads and measures a GPX file in a Web Worker, off the main thread. */
export function readGpxFile(file: File): Promise<GpxWorkerAnswer> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./gpx.worker.ts', import.meta.url), { type: 'module' });
    const finish = (answer: GpxWorkerAnswer) => {
      worker.terminate();
      resolve(answer);
    };
    worker.onmessage = (event: MessageEvent<GpxWorkerAnswer>) => finish(event.data);
    worker.onerror = () => finish({ ok: false, code: 'GPX_INVALID' });
    worker.postMessage(file);
  });
}
