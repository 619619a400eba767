/**
 * Whether this page is going away: reloaded, replaced by another address, closed, or frozen by
 * the browser to be discarded. The browser then cancels the page's fetches, and a cancelled
 * fetch looks exactly like a server that did not answer (a TypeError). Telling the two apart
 * matters: the spec ends the session when the server does not answer, never because the user
 * left (issue 22).
 *
 * `pagehide` and `freeze` mark the page as leaving; `pageshow` and `resume` (back from the
 * back/forward cache, or thawed) mark it as staying again.
 */
let leaving = false;

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (leaving = true));
  window.addEventListener('pageshow', () => (leaving = false));
  document.addEventListener('freeze', () => (leaving = true));
  document.addEventListener('resume', () => (leaving = false));
}

/**
 * How long a fetch that failed without an answer waits before it is reported. A page that is
 * unloading cancels its fetches before (or just after) `pagehide` fires, and its timers never
 * run once it is gone: waiting this long lets either tell us the user left. Short enough that a
 * person staying on the page sees no difference.
 */
const leavingGraceMs = 200;

/**
 * Resolves true when the page is leaving, after giving an unload in progress `leavingGraceMs` to
 * show itself. On a page that is really gone the promise never settles, and nothing after it
 * runs: that is the point.
 */
export async function leftThePage(): Promise<boolean> {
  if (leaving) return true;
  await new Promise((resolve) => setTimeout(resolve, leavingGraceMs));
  return leaving;
}

