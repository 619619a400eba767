import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
// The upload together with the real session behind it (the app registers the same one).
import { endSession, onSessionExpired } from '@/features/auth';
import { ApiError } from './api-client';
import { isAbortError, uploadFile } from './upload';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, storeSession } from '@/test/fixtures';
import { mockUploads } from '@/test/xhr-mock';

const path = '/api/files/upload/INV-1/tenantId/ine';
const pdf = () => new File(['%PDF-1.4'], 'ine.pdf', { type: 'application/pdf' });
const refreshed = { status: 200, body: { token: 'access-2', refreshToken: 'refresh-2', expiresIn: 900 } };

describe('uploadFile', () => {
  beforeEach(() => storeSession(adminUser, 'access-1', 'refresh-1'));
  afterEach(() => endSession());

  it("sends one multipart part named 'file' with the bearer token, reports progress and resolves the JSON", async () => {
    const xhr = mockUploads();
    const progress: number[] = [];
    const pending = uploadFile<{ id: number }>(path, pdf(), { onProgress: (percent) => progress.push(percent) });
    const upload = xhr.uploads[0]!;
    expect(upload.method).toBe('POST');
    expect(upload.path).toBe(path);
    expect(upload.authorization).toBe('Bearer access-1');
    expect(upload.file?.name).toBe('ine.pdf');
    expect([...upload.form!.keys()]).toEqual(['file']);
    await upload.progress(25, 100);
    await upload.progress(100, 100);
    await upload.respond(201, { id: 9 });
    await expect(pending).resolves.toEqual({ id: 9 });
    expect(progress).toEqual([25, 100]);
  });

  it("without a stored token fails with 'No authentication token available' and sends nothing", async () => {
    localStorage.removeItem('auth_token');
    const xhr = mockUploads();
    await expect(uploadFile(path, pdf())).rejects.toMatchObject({ message: 'No authentication token available' });
    expect(xhr.uploads).toHaveLength(0);
  });

  it('with auth: false sends no token, and a 401 or 404 is just the answer (the session stays)', async () => {
    const net = mockFetch({});
    const xhr = mockUploads(() => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Este enlace ya no es válido' } }));
    const error = (await uploadFile('/api/public/links/t/upload/tenantId', pdf(), { auth: false }).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Este enlace ya no es válido');
    expect(xhr.uploads[0]!.authorization).toBeNull();
    localStorage.removeItem('auth_token');
    mockUploads(() => ({ status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'No' } }));
    await expect(uploadFile('/api/public/links/t/upload/tenantId', pdf(), { auth: false })).rejects.toMatchObject({ status: 401 });
    expect(net.callsTo('POST', '/api/auth/refresh-token')).toHaveLength(0);
  });

  it('rejects with the Spanish message of an error answer', async () => {
    mockUploads(() => ({ status: 415, body: { statusCode: 415, error: 'Unsupported Media Type', message: 'Tipo de archivo no permitido' } }));
    const error = (await uploadFile(path, pdf()).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(415);
    expect(error.message).toBe('Tipo de archivo no permitido');
  });

  it('on a 401 renews the token once and sends the file again', async () => {
    const net = mockFetch({ 'POST /api/auth/refresh-token': refreshed });
    const xhr = mockUploads((upload) => (upload.authorization === 'Bearer access-2' ? { status: 201, body: { id: 1 } } : { status: 401, body: {} }));
    await expect(uploadFile(path, pdf())).resolves.toEqual({ id: 1 });
    expect(net.callsTo('POST', '/api/auth/refresh-token')).toHaveLength(1);
    expect(xhr.uploads.map((upload) => upload.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
  });

  it('a refused renewal ends the session', async () => {
    const onExpired = vi.fn();
    const stop = onSessionExpired(onExpired);
    mockFetch({ 'POST /api/auth/refresh-token': { status: 401, body: {} } });
    const xhr = mockUploads(() => ({ status: 401, body: {} }));
    await expect(uploadFile(path, pdf())).rejects.toMatchObject({ status: 401, code: 'session_expired' });
    stop();
    expect(xhr.uploads).toHaveLength(1);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('no answer at all gives the Spanish network message (status 0)', async () => {
    const xhr = mockUploads();
    const pending = uploadFile(path, pdf()).catch((e: unknown) => e);
    await xhr.uploads[0]!.fail();
    expect(await pending).toMatchObject({ status: 0, code: 'network_error' });
  });

  it("the caller's signal cancels the upload", async () => {
    const xhr = mockUploads();
    const controller = new AbortController();
    const pending = uploadFile(path, pdf(), { signal: controller.signal }).catch((e: unknown) => e);
    await waitFor(() => expect(xhr.uploads).toHaveLength(1));
    controller.abort();
    expect(isAbortError(await pending)).toBe(true);
    expect(xhr.uploads[0]!.aborted).toBe(true);
  });
});
