/**
 * Puts text on the clipboard; false when the browser has none for this page (an http address,
 * an old browser) or refuses, so the caller can select the text for copying by hand.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
