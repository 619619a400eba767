import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A setting's secret when given (JWT_SECRET, SECRETS_KEY); otherwise one generated on first start
 * and kept in DATA_DIR under `fileName`, so it survives restarts. Several instances must share the
 * setting instead (README): each would generate its own.
 */
export async function resolveDataDirSecret(configured: string | undefined, dataDir: string, fileName: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, fileName);
  try {
    return new TextEncoder().encode((await fs.readFile(file, 'utf8')).trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  try {
    // 'wx' fails if another process wrote it first; then read theirs.
    await fs.writeFile(file, secret, { mode: 0o600, flag: 'wx' });
    return new TextEncoder().encode(secret);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return new TextEncoder().encode((await fs.readFile(file, 'utf8')).trim());
  }
}
