import fs from 'node:fs';

/**
 * The records of a JSON-lines file the run's receivers append to (the SMTP receiver's mail, the
 * WhatsApp gateway's requests). A delivery to another test may be half written while this one
 * reads (the journeys run in two workers): only lines ended by their newline are parsed, so a
 * partial last line is left for the next read.
 */
export function completeJsonLines<T>(file: string): T[] {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.pop(); // '' after the last newline, or a line still being written
  return lines.filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as T);
}
