import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTestEfirmaCa, efirmaPeople, type EfirmaCredential } from './efirma-ca';

/*
 * The test e.firma authority for a browser journey (issue 35), made before the server starts:
 *   npx tsx apps/api/src/test/efirma-ca-main.ts e2e/.efirma
 * writes the authority and the people's .cer/.key into the directory (emptied first is up to the
 * caller) and `efirma.json` with what the journey needs: EFIRMA_CA_CERTS's path and, per person,
 * their name, RFC, CURP, .cer, .key and password. Start the server with EFIRMA_CA_CERTS set to it.
 */

const describe = (credential: EfirmaCredential) => ({ ...credential.person, cerPath: credential.cerPath, keyPath: credential.keyPath, password: credential.password, serial: credential.serial });

async function main() {
  const dir = path.resolve(process.argv[2] ?? 'efirma-test-ca');
  const ca = await createTestEfirmaCa({ dir });
  const [tenant, guarantor, tenantCsd, tenantOtherAuthority] = [
    await ca.issue({ person: efirmaPeople.tenant }),
    await ca.issue({ person: efirmaPeople.guarantor }),
    await ca.issue({ person: efirmaPeople.tenant, kind: 'csd' }),
    await ca.issue({ person: efirmaPeople.tenant, authority: 'other' }),
  ];
  const manifest = { caBundlePath: ca.caBundlePath, tenant: describe(tenant), guarantor: describe(guarantor), tenantCsd: describe(tenantCsd), tenantOtherAuthority: describe(tenantOtherAuthority) };
  await writeFile(path.join(dir, 'efirma.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  process.stdout.write(`${path.join(dir, 'efirma.json')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
