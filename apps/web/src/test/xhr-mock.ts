import { act } from '@testing-library/react';
import { vi } from 'vitest';

type Reply = { status?: number; body?: unknown };

/** One upload sent through the stubbed XMLHttpRequest; the test answers it when it likes. */
export interface FakeUpload {
  method: string;
  path: string;
  authorization: string | null;
  ifMatch: string | null;
  /** The multipart parts, by name. */
  form: FormData | null;
  file: File | null;
  aborted: boolean;
  /** Reports `loaded` of `total` bytes sent. */
  progress: (loaded: number, total: number) => Promise<void>;
  respond: (status: number, body?: unknown) => Promise<void>;
  /** No answer at all (the network failed). */
  fail: () => Promise<void>;
}

/**
 * Replaces XMLHttpRequest (what the upload helper uses, for its progress events). Each request is
 * recorded in `uploads`; `autoReply` may answer it at once (return undefined to leave it pending
 * for the test to answer with progress/respond/fail).
 */
export function mockUploads(autoReply?: (upload: FakeUpload) => Reply | undefined) {
  const uploads: FakeUpload[] = [];

  class FakeXMLHttpRequest {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private method = 'GET';
    private path = '';
    private headers = new Map<string, string>();
    private record: FakeUpload | null = null;

    open(method: string, url: string) {
      this.method = method.toUpperCase();
      this.path = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers.set(name.toLowerCase(), value);
    }

    send(body: unknown) {
      const form = body instanceof FormData ? body : null;
      const file = form?.get('file');
      // The test's own answers run inside act (React state follows); auto replies, like the
      // fetch mock's, land whenever the test awaits.
      const finish = (run: () => void) => act(async () => run());
      const deliver = (status: number, replyBody: unknown) => {
        this.status = status;
        this.responseText = replyBody === undefined ? '' : JSON.stringify(replyBody);
        this.onload?.();
      };
      const record: FakeUpload = {
        method: this.method,
        path: this.path,
        authorization: this.headers.get('authorization') ?? null,
        ifMatch: this.headers.get('if-match') ?? null,
        form,
        file: file instanceof File ? file : null,
        aborted: false,
        progress: (loaded, total) =>
          finish(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent)),
        respond: (status, replyBody) => finish(() => deliver(status, replyBody)),
        fail: () => finish(() => this.onerror?.()),
      };
      this.record = record;
      uploads.push(record);
      const reply = autoReply?.(record);
      if (reply) setTimeout(() => deliver(reply.status ?? 200, reply.body), 0);
    }

    abort() {
      if (this.record) this.record.aborted = true;
      this.onabort?.();
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return { uploads, uploadsTo: (path: string) => uploads.filter((upload) => upload.path === path) };
}
