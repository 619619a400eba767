import { describe, expect, it } from 'vitest';
import { isExampleAddress, replyAddress } from './addresses';

describe('replyAddress (issue 29)', () => {
  it("takes the branch's address when someone can receive mail there", () => {
    expect(replyAddress('polanco@inmobiliaria.mx', 'Portal de Pólizas <avisos@empresa.mx>')).toBe('polanco@inmobiliaria.mx');
  });

  it("falls back to MAIL_FROM's bare address when the branch's is local-only or reserved", () => {
    for (const branch of ['polanco@portal.local', 'polanco@example.com', 'polanco@oficina.test', 'polanco@localhost', 'polanco@servidor', '']) {
      expect(replyAddress(branch, 'Portal de Pólizas <avisos@empresa.mx>')).toBe('avisos@empresa.mx');
    }
    expect(replyAddress('polanco@portal.local', 'avisos@empresa.mx')).toBe('avisos@empresa.mx');
  });

  it('is null when neither can receive an answer (the default MAIL_FROM is no-responder@localhost)', () => {
    expect(replyAddress('polanco@portal.local', 'Portal de Pólizas <no-responder@localhost>')).toBeNull();
    expect(replyAddress('', 'avisos@demo.invalid')).toBeNull();
  });

  it('keeps the outbox rule: only domains reserved for examples are never written to', () => {
    expect(isExampleAddress('roberto@example.com')).toBe(true);
    expect(isExampleAddress('ana@correo.example.org')).toBe(true);
    expect(isExampleAddress('real@example.mx')).toBe(false);
    expect(isExampleAddress('lucia@empresa.test')).toBe(false);
  });
});
