import fs from 'node:fs';

/**
 * The browser journeys' e.firma (issue 35): playwright.config.ts has the API tests' SAT-like
 * authority written before the server starts (apps/api/src/test/efirma-ca-main.ts: EFIRMA_CA_CERTS
 * must exist when the portal starts, before any global set-up runs); journeys read its manifest.
 */
interface E2eCredential {
  name: string;
  rfc: string;
  curp: string;
  cerPath: string;
  keyPath: string;
  password: string;
  serial: string;
}

export interface E2eEfirma {
  caBundlePath: string;
  tenant: E2eCredential;
}

/** The manifest the authority's script wrote (E2E_EFIRMA_FILE). */
export function e2eEfirma(): E2eEfirma {
  return JSON.parse(fs.readFileSync(process.env.E2E_EFIRMA_FILE!, 'utf8')) as E2eEfirma;
}
