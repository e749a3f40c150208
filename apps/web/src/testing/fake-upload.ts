/**
 * A stand-in for XMLHttpRequest's upload, moved forward by the test: progress, then done, refused, failed or
 * aborted. `FakeUpload.all` holds every upload started, the latest last.
 */
export class FakeUpload {
  static all: FakeUpload[] = [];
  static get last(): FakeUpload | null {
    return FakeUpload.all.at(-1) ?? null;
  }
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  sent: Blob | null = null;
  method = '';
  target = '';
  headers: Record<string, string> = {};
  aborted = false;
  open(method: string, url: string) {
    this.method = method;
    this.target = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: Blob) {
    this.sent = body;
    FakeUpload.all.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  finish(status = 200, responseText = '{"ok":true}') {
    this.status = status;
    this.responseText = responseText;
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}
