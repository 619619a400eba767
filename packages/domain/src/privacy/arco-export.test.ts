import { describe, expect, it } from 'vitest';
import { isSecretKey, looksLikeSecret, withoutSecretRuns } from './arco-export';

describe('what an ARCO export never carries', () => {
  it('drops keys that name a secret, whatever their case', () => {
    for (const key of ['rsvpTokenHash', 'apikey', 'apiKey', 'api_key', 'passwordHash', 'webhookSecret', 'token']) expect(isSecretKey(key), key).toBe(true);
    for (const key of ['name', 'email', 'phone', 'respuesta', 'createdAt']) expect(isSecretKey(key), key).toBe(false);
  });

  it('recognises a value that is only a digest or a token, and not a person’s text', () => {
    expect(looksLikeSecret('cb9417' + 'a1b2c3d4'.repeat(7))).toBe(true);
    expect(looksLikeSecret('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc')).toBe(true);
    expect(looksLikeSecret('Q2hhbmdlTWVQbGVhc2UtMTIzNDU2Nzg5MC1hYmNkZWZnaGlq')).toBe(true);
    for (const text of ['Zoé Quintanar Ybarra', '012180001234567897', 'zoe.quintanar@ejemplo.mx', 'Av. Universidad 1000', '']) expect(looksLikeSecret(text), text).toBe(false);
  });

  it('hides a token inside a text and keeps the rest', () => {
    expect(withoutSecretRuns(`Le mandé https://polizas.test/subir/${'a1b2c3d4'.repeat(8)} ayer`)).toBe('Le mandé https://polizas.test/subir/[dato oculto] ayer');
    expect(withoutSecretRuns('CLABE 012180001234567897, folio INV-27112026-0459-215')).toBe('CLABE 012180001234567897, folio INV-27112026-0459-215');
  });
});
