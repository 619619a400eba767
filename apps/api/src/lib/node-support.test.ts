import { describe, expect, it } from 'vitest';
import { endOfLifeWarning } from './node-support';

describe('endOfLifeWarning', () => {
  const today = new Date('2026-11-24T12:00:00Z');

  it('warns on a line past its end of life, naming the date and the version to use', () => {
    expect(endOfLifeWarning('20.20.2', today)).toBe(
      'Aviso: Node.js 20.20.2 llegó al fin de su soporte el 2026-04-30 y ya no recibe correcciones de seguridad. Use Node.js 24 LTS.',
    );
    expect(endOfLifeWarning('18.20.0', today)).toMatch(/2025-04-30/);
    expect(endOfLifeWarning('16.0.0', today)).toMatch(/ya no tiene soporte/);
  });

  it('is quiet on a supported LTS line, up to and including its last day', () => {
    expect(endOfLifeWarning('22.23.3', today)).toBeNull();
    expect(endOfLifeWarning('24.21.0', today)).toBeNull();
    expect(endOfLifeWarning('22.23.3', new Date('2027-04-30T23:00:00Z'))).toBeNull();
    expect(endOfLifeWarning('22.23.3', new Date('2027-05-01T00:00:00Z'))).toMatch(/2027-04-30/);
  });

  it('warns on an odd (non-LTS) major, and says nothing of a line newer than it knows', () => {
    expect(endOfLifeWarning('25.1.0', today)).toMatch(/no es una versión LTS/);
    expect(endOfLifeWarning('28.0.0', today)).toBeNull();
  });
});
