/**
 * Files fetched with the bearer token arrive as Blobs (a plain link cannot carry the header):
 * these helpers hand them to the browser to save or to show.
 */

// Long enough for the browser to have read the blob (a large PDF in a slow viewer).
const viewUrlLifetimeMs = 5 * 60_000;
const downloadUrlLifetimeMs = 10_000;

/** Saves a blob under the given name, as a download. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), downloadUrlLifetimeMs);
}

export interface PendingTab {
  /** Shows the blob in the tab opened earlier (or a new one if that was blocked or closed). */
  show: (blob: Blob) => void;
  /** Closes the empty tab when the file could not be fetched. */
  close: () => void;
}

/**
 * Opens an empty tab now, inside the click, so pop-up blockers let it through; the file goes into
 * it once fetched. The tab gets no handle back on this page.
 */
export function openPendingTab(): PendingTab {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return {
    show: (blob) => {
      const url = URL.createObjectURL(blob);
      if (tab && !tab.closed) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), viewUrlLifetimeMs);
    },
    close: () => tab?.close(),
  };
}
