import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox('una-clave-de-pruebas-de-al-menos-32-caracteres');

  it('seals a value so that the stored text does not contain it, and opens it again', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1:[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('seals the same value differently each time (a fresh IV)', () => {
    expect(box.seal('igual')).not.toBe(box.seal('igual'));
  });

  it('refuses a value sealed under another key, or altered', () => {
    const sealed = box.seal('secreto');
    expect(() => new SecretBox('otra-clave-de-pruebas-de-al-menos-32-caracteres').open(sealed)).toThrow();
    // The second-to-last character replaced by another one (comparing the last one instead left it unchanged 1 time in 64).
    const altered = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.slice(-1);
    expect(altered).not.toBe(sealed);
    expect(() => box.open(altered)).toThrow();
  });

  it('reads a value stored before sealing existed as it is', () => {
    expect(box.open('JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
  });
});
