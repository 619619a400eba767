import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
// The app's session, registered with the transport as main.tsx does.
import '@/features/auth';

// happy-dom lacks two standard DOM properties that react-hook-form reads to tell whether a
// <select> was edited before it registered; without them a select ignores its default value.
const hasDom = typeof document !== 'undefined';
if (hasDom && document.createElement('select').size === undefined) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute('size') ?? 0);
    },
  });
}
if (hasDom && document.createElement('option').defaultSelected === undefined) {
  Object.defineProperty(HTMLOptionElement.prototype, 'defaultSelected', {
    configurable: true,
    get(this: HTMLOptionElement) {
      return this.hasAttribute('selected');
    },
  });
}

// happy-dom's createImageBitmap decodes nothing and its <img> never loads, so a photo's shrinking
// (lib/shrink-photo.ts) would wait for ever. Without it the photo goes up as picked, as in a browser
// without the API; the shrinking itself is tested in Chromium (e2e/public-upload.spec.ts).
if (hasDom) Object.defineProperty(window, 'createImageBitmap', { configurable: true, value: undefined });

// findBy…/waitFor wait up to 5 s rather than 1 s: on a loaded CI machine (2 cores, other suites
// running) a debounce plus a render can pass 1 s; a test that fails still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// Tests set up user-event with `{ delay: null }` (issue 30): its default waits a timer turn
// between every key and click, which cost the typing-heavy form files 10–15 % of their CPU and
// tests nothing — React still sees one keydown/input/keyup per character. A test that is about
// time uses fake timers and `advanceTimers` instead.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  if (hasDom) window.localStorage.clear();
});
