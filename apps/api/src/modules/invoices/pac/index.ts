import type { AppConfig } from '../../../config';
import { FacturapiPac } from './facturapi';
import type { Pac } from './pac';

export { PacError, type Pac } from './pac';

/** The PAC this installation stamps with, or null: invoicing is off (no FACTURAPI_KEY). */
export function createPac(config: Pick<AppConfig, 'facturapi'>): Pac | null {
  return config.facturapi ? new FacturapiPac(config.facturapi.key, config.facturapi.url) : null;
}
