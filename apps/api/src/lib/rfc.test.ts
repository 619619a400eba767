import { describe, expect, it } from 'vitest';
import { parseRfc } from './rfc';

describe('parseRfc', () => {
  it('reads a persona moral and a persona física, normalised', () => {
    expect(parseRfc(' eku9003173c9 ')).toEqual({ rfc: 'EKU9003173C9', kind: 'moral' });
    expect(parseRfc('COSC8001137NA')).toEqual({ rfc: 'COSC8001137NA', kind: 'fisica' });
  });

  it('refuses a wrong check digit, a wrong form and the generic RFCs', () => {
    expect(parseRfc('EKU9003173C8')).toBeNull();
    expect(parseRfc('COSC8001137NB')).toBeNull();
    expect(parseRfc('EKU900317 3C9')).toBeNull();
    expect(parseRfc('XAXX010101000')).toBeNull();
    expect(parseRfc('XEXX010101000')).toBeNull();
  });
});
