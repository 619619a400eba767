/**
 * The end of life of each Node.js LTS line (https://nodejs.org/en/about/previous-releases): after
 * it, no security fixes. Odd majors are never LTS and live six months. The portal supports 20.19+,
 * 22 and 24 (decision 021); production should run 24.
 */
const END_OF_LIFE: Readonly<Record<number, string>> = {
  18: '2025-04-30',
  20: '2026-04-30',
  22: '2027-04-30',
  24: '2028-04-30',
  26: '2029-04-30',
};

const RECOMMENDED = 'Node.js 24 LTS';

/** A Spanish warning for the start-up console when `version` ('20.20.2') is past its end of life on `today`; else null. */
export function endOfLifeWarning(version: string, today: Date): string | null {
  const major = Number(version.split('.')[0]);
  const endOfLife = END_OF_LIFE[major];
  if (endOfLife) {
    if (today.toISOString().slice(0, 10) <= endOfLife) return null;
    return `Aviso: Node.js ${version} llegó al fin de su soporte el ${endOfLife} y ya no recibe correcciones de seguridad. Use ${RECOMMENDED}.`;
  }
  if (major % 2 === 1) return `Aviso: Node.js ${version} no es una versión LTS y su soporte es corto. Use ${RECOMMENDED}.`;
  // An even major older than the table is long past its end; a newer one is not known yet here.
  return major < 18 ? `Aviso: Node.js ${version} ya no tiene soporte. Use ${RECOMMENDED}.` : null;
}
