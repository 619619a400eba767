/**
 * The spec's file-name rule: accents removed, characters other than word characters, spaces, dot
 * and hyphen dropped, spaces to underscores. Path separators go with the other dropped characters,
 * so '../' can never survive; the server still never uses the name as a path.
 */
export function normaliseFileName(name: string, fallback = 'documento'): string {
  const cleaned = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w\s.-]/g, '')
    .trim()
    // A leading dot would make a hidden file of the download ('../x' → 'x').
    .replace(/^\.+/, '')
    .replace(/\s+/g, '_')
    .slice(-200);
  // Nothing but dots is no name ('..' from '../').
  return /^[._-]*$/.test(cleaned) ? fallback : cleaned;
}
