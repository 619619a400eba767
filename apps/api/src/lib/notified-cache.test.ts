import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotifiedCache } from './notified-cache';

const listening = <V>(ttlMs = 1_000, maxSize = 100, sizeOf?: (value: V) => number) => {
  const cache = new NotifiedCache<string, V>(ttlMs, maxSize, sizeOf);
  cache.setListening(true);
  return cache;
};

afterEach(() => vi.useRealTimers());

describe('NotifiedCache', () => {
  it('serves a value until its time is up', async () => {
    vi.useFakeTimers();
    const cache = listening<string>(1_000);
    const lookup = vi.fn(async () => 'página');
    expect(await cache.read('k', lookup)).toBe('página');
    expect(await cache.read('k', lookup)).toBe('página');
    expect(lookup).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_001);
    expect(cache.get('k')).toBeUndefined();
  });

  it('shares one lookup among readers that miss together, but not across an invalidation', async () => {
    const cache = listening<string>();
    const finishes: Array<(value: string) => void> = [];
    const lookup = vi.fn(() => new Promise<string>((resolve) => finishes.push(resolve)));
    const first = cache.read('k', lookup);
    const second = cache.read('k', lookup);
    expect(lookup).toHaveBeenCalledTimes(1);
    cache.forget('k');
    const afterChange = cache.read('k', lookup);
    expect(lookup).toHaveBeenCalledTimes(2);
    finishes[0]!('antes del cambio');
    finishes[1]!('después del cambio');
    expect([await first, await second, await afterChange]).toEqual(['antes del cambio', 'antes del cambio', 'después del cambio']);
    expect(await cache.read('k', lookup)).toBe('después del cambio');
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('does not keep a value read while an invalidation happened', async () => {
    const cache = listening<string>();
    let finish!: (value: string) => void;
    const reading = cache.read('k', () => new Promise((resolve) => (finish = resolve)));
    cache.clear();
    finish('antes del cambio');
    expect(await reading).toBe('antes del cambio');
    expect(cache.get('k')).toBeUndefined();
  });

  it('serves and keeps nothing while not listening, and drops everything when listening resumes', async () => {
    const cache = listening<string>();
    await cache.read('k', async () => 'uno');
    cache.setListening(false);
    expect(cache.get('k')).toBeUndefined();
    await cache.read('k', async () => 'dos');
    expect(cache.get('k')).toBeUndefined();
    cache.setListening(true);
    expect(cache.get('k')).toBeUndefined();
  });

  it('starts over rather than grow past its size', async () => {
    const cache = listening<string>(1_000, 10, (value) => value.length);
    await cache.read('a', async () => 'abcdef');
    await cache.read('b', async () => 'ghi');
    expect(cache.get('a')).toBe('abcdef');
    await cache.read('c', async () => 'jklm');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBe('jklm');
  });

  it('forgets one key', async () => {
    const cache = listening<string>();
    await cache.read('a', async () => 'uno');
    await cache.read('b', async () => 'dos');
    cache.forget('a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('dos');
  });
});
