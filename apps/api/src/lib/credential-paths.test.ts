import { describe, expect, it } from 'vitest';
import { CredentialPaths } from './credential-paths';

const token = 'A'.repeat(43);

function paths() {
  const credentialPaths = new CredentialPaths();
  credentialPaths.add('/api/public/links/:token/upload/:documentType', 'token');
  credentialPaths.add('/api/appo/feed/:file', 'file');
  credentialPaths.add('/p/:token', 'token');
  return credentialPaths;
}

const route = (url: string, credentialParam?: string) => ({ url, config: { credentialParam } });

describe('the URL a log line shows', () => {
  it("hides a matched route's credential, keeping its other parameters and its query as sent", () => {
    const masked = paths().masked({ url: `/api/public/links/${token}/upload/cedula?x=1`, routeOptions: route('/api/public/links/:token/upload/:documentType', 'token') });
    expect(masked).toBe('/api/public/links/[oculto]/upload/cedula?x=1');
  });

  it('writes a matched route from its pattern: %-escapes the router decoded do not hide the credential', () => {
    expect(paths().masked({ url: `/api/appo/%66eed/${token}.ics`, routeOptions: route('/api/appo/feed/:file', 'file') })).toBe('/api/appo/feed/[oculto]');
  });

  it('copies nothing sent when the URL has another shape than its pattern', () => {
    expect(paths().masked({ url: `/api/public/links/${token}/upload/a/b`, routeOptions: route('/api/public/links/:token/upload/:documentType', 'token') })).toBe(
      '/api/public/links/[oculto]/upload/:documentType',
    );
  });

  it('hides what follows a known prefix in a URL no credential route matched: a 404, a page, a query', () => {
    expect(paths().masked({ url: `/api/public/links/${token}/nada` })).toBe('/api/public/links/[oculto]/nada');
    expect(paths().masked({ url: `/p/${token}`, routeOptions: route('') })).toBe('/p/[oculto]');
    expect(paths().masked({ url: `/api/auth/me?next=/p/${token}`, routeOptions: route('/api/auth/me') })).toBe('/api/auth/me?next=/p/[oculto]');
  });

  it('leaves any other URL as sent', () => {
    expect(paths().masked({ url: '/api/policy/12?page=2', routeOptions: route('/api/policy/:id') })).toBe('/api/policy/12?page=2');
  });

  it('refuses a credential that is not a whole path segment', () => {
    expect(() => new CredentialPaths().add('/api/appo/feed/:file.ics', 'file')).toThrow('whole path segment');
  });
});
