import { describe, expect, it } from 'vitest';
import { parseIfMatch, staleVersionMessage, versionETag, versionMatches } from './record-version';

describe('If-Match (RFC 9110)', () => {
  it('reads our strong tags, in a list', () => {
    expect(parseIfMatch(versionETag(12))).toEqual({ kind: 'versions', versions: [12] });
    expect(parseIfMatch(' "v3" , "v4",')).toEqual({ kind: 'versions', versions: [3, 4] });
  });

  it('* is any current record', () => {
    expect(parseIfMatch('*')).toEqual({ kind: 'any' });
    expect(versionMatches({ kind: 'any' }, 7)).toBe(true);
  });

  it('a weak tag or a tag not ours is well formed but matches nothing', () => {
    expect(parseIfMatch('W/"v3"')).toEqual({ kind: 'versions', versions: [] });
    expect(parseIfMatch('"abc", W/"v1"')).toEqual({ kind: 'versions', versions: [] });
    expect(versionMatches({ kind: 'versions', versions: [] }, 3)).toBe(false);
  });

  it.each(['v3', '"v3', 'abc', '', ',', '"v3" x', '**'])('%j is not the grammar', (header) => {
    expect(parseIfMatch(header)).toBeNull();
  });

  it('no condition writes as before', () => {
    expect(versionMatches(undefined, 9)).toBe(true);
    expect(versionMatches({ kind: 'versions', versions: [8] }, 9)).toBe(false);
  });
});

describe('the 412 message', () => {
  const now = new Date('2026-11-27T18:00:00Z');

  it('names who and when, Mexico City time on a 24-hour clock', () => {
    expect(staleVersionMessage('María López', new Date('2026-11-27T16:42:00Z'), now)).toBe(
      'María López guardó cambios a las 10:42. Recargue para verlos; lo que usted escribió sigue aquí.',
    );
  });

  it('gives the date when it was another day, and someone else when nobody is known', () => {
    expect(staleVersionMessage(null, new Date('2026-11-25T21:05:00Z'), now)).toBe(
      'Alguien más guardó cambios el 25/11/2026 a las 15:05. Recargue para verlos; lo que usted escribió sigue aquí.',
    );
  });
});
