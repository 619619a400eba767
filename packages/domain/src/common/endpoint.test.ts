import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from './endpoint';
import { endpointPath } from './endpoint-path';

describe('endpoint contracts', () => {
  it('default to 200 and keep a status given', () => {
    expect(endpoint({ method: 'GET', path: '/api/x', response: z.string() }).status).toBe(200);
    expect(endpoint({ method: 'POST', path: '/api/x', status: 202 }).status).toBe(202);
  });

  it('put each path parameter in, encoded', () => {
    expect(endpointPath('/api/branches/:id/users/:userId', { id: 3, userId: 'a b/c' })).toBe('/api/branches/3/users/a%20b%2Fc');
    expect(endpointPath('/api/branches', undefined)).toBe('/api/branches');
  });

  it('refuse a path with a parameter left out', () => {
    expect(() => endpointPath('/api/branches/:id', {})).toThrow(/id/);
  });
});
