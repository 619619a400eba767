import { describe, expect, it } from 'vitest';
import { searchTotalCap, totalText } from './search';

describe('totalText', () => {
  it('names one, many (with es-MX thousands) and a capped total', () => {
    expect(totalText({ total: 1, totalIsCapped: false }, 'póliza', 'pólizas')).toBe('1 póliza');
    expect(totalText({ total: 0, totalIsCapped: false }, 'póliza', 'pólizas')).toBe('0 pólizas');
    expect(totalText({ total: 1001, totalIsCapped: false }, 'póliza', 'pólizas')).toBe('1,001 pólizas');
    expect(totalText({ total: searchTotalCap, totalIsCapped: true }, 'cita', 'citas')).toBe('más de 1,000 citas');
  });
});
