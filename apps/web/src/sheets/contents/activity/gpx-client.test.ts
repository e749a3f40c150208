import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../testing/eventually.ts';
import { GPX_READ_MARKS, GpxReader } from './gpx-client.ts';
import type { GpxWorkerAnswer, GpxWorkerRequest } from './gpx-preview.ts';

/** A stand-in for the browser's Worker that records what it is sent and answers when told. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  sent: GpxWorkerRequest[] = [];
  terminated = false;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(request: GpxWorkerRequest) {
    this.sent.push(request);
  }
  terminate() {
    this.terminated = true;
  }
  answer(id: number, answer: GpxWorkerAnswer) {
    this.onmessage?.({ data: { id, answer } } as MessageEvent);
  }
  converted(id: number, converted: Blob | null) {
    this.onmessage?.({ data: { id, converted } } as MessageEvent);
  }
}

const file = (name: string) => new File(['<gpx/>'], name);
const invalid: GpxWorkerAnswer = { ok: false, code: 'GPX_EMPTY' };

afterEach(() => {
  FakeWorker.made = [];
  vi.unstubAllGlobals();
  performance.clearMarks();
});

describe('the GPX reader', () => {
  it('starts one worker ahead of the first file and reads every file with it, each answer to its own read', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const reader = new GpxReader();
    reader.warm();
    reader.warm();
    expect(FakeWorker.made).toHaveLength(1);
    const first = reader.read(file('a.gpx'));
    const second = reader.read(file('b.gpx'));
    const worker = FakeWorker.made[0]!;
    expect(FakeWorker.made).toHaveLength(1);
    expect(worker.sent.map((r) => r.file.name)).toEqual(['a.gpx', 'b.gpx']);
    // The file goes as a File, never as its text.
    expect(worker.sent[0]!.file).toBeInstanceOf(File);
    worker.answer(worker.sent[1]!.id, { ok: false, code: 'GPX_TOO_LARGE' });
    worker.answer(worker.sent[0]!.id, invalid);
    await expect(first).resolves.toEqual(invalid);
    await expect(second).resolves.toEqual({ ok: false, code: 'GPX_TOO_LARGE' });
    expect(worker.terminated).toBe(false);
    expect(performance.getEntriesByName(GPX_READ_MARKS.start)).toHaveLength(2);
    expect(performance.getEntriesByName(GPX_READ_MARKS.end)).toHaveLength(2);
  });

  it('answers with the loading error when the worker dies, and starts a new one for the next file', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const reader = new GpxReader();
    const pending = reader.read(file('a.gpx'));
    FakeWorker.made[0]!.onerror?.(new Event('error'));
    await expect(pending).resolves.toEqual({ ok: false, code: 'GPX_INVALID' });
    expect(FakeWorker.made[0]!.terminated).toBe(true);
    const next = reader.read(file('b.gpx'));
    expect(FakeWorker.made).toHaveLength(2);
    FakeWorker.made[1]!.answer(FakeWorker.made[1]!.sent[0]!.id, invalid);
    await expect(next).resolves.toEqual(invalid);
  });

  it('gives the preview first and the converted GPX when it follows; the file itself when nothing is converted', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const reader = new GpxReader();
    const kml = file('a.kml');
    const gpx = file('b.gpx');
    const first = reader.read(kml);
    const second = reader.read(gpx);
    const worker = FakeWorker.made[0]!;
    const preview = { pointCount: 3 } as never;
    worker.answer(worker.sent[0]!.id, { ok: true, preview, converting: true });
    worker.answer(worker.sent[1]!.id, { ok: true, preview, converting: false });
    const read = await first;
    expect(read).toMatchObject({ ok: true, preview, converting: true });
    let converted: Blob | null | undefined;
    void (read as Extract<typeof read, { ok: true }>).upload.then((b) => {
      converted = b;
    });
    await Promise.resolve();
    expect(converted).toBeUndefined();
    const blob = new Blob(['<gpx/>']);
    worker.converted(worker.sent[0]!.id, blob);
    await eventually(() => expect(converted).toBe(blob));
    const plain = await second;
    expect(await (plain as Extract<typeof plain, { ok: true }>).upload).toBe(gpx);
  });

  it('gives no file to upload when stopped before the conversion arrived', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const reader = new GpxReader();
    const pending = reader.read(file('a.kml'));
    const worker = FakeWorker.made[0]!;
    worker.answer(worker.sent[0]!.id, { ok: true, preview: {} as never, converting: true });
    const read = await pending;
    reader.stop();
    expect(await (read as Extract<typeof read, { ok: true }>).upload).toBeNull();
  });

  it('ends the worker when stopped, answering what was still being read', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const reader = new GpxReader();
    const pending = reader.read(file('a.gpx'));
    reader.stop();
    await expect(pending).resolves.toEqual({ ok: false, code: 'GPX_INVALID' });
    expect(FakeWorker.made[0]!.terminated).toBe(true);
  });
});
