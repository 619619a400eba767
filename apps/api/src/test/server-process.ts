import { spawn, type ChildProcess } from 'node:child_process';
import { apiRoot } from '../api-root';

const running = new Set<ChildProcess>();

export interface StartedServer {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

/**
 * Starts the real server the way `npm start` does — the bundled production build (built by the
 * test run's global setup), its own process, PGlite in `dataDir` unless `env` names a
 * DATABASE_URL — on a free port, and waits for its banner (30 s unless `timeoutMs`). `apiDir`:
 * another checkout's apps/api (bench:startup's --baseline).
 */
export function startServer(dataDir: string, env: Record<string, string> = {}, { apiDir = apiRoot, timeoutMs = 30_000 } = {}): Promise<StartedServer> {
  const child = spawn(process.execPath, ['dist/main.mjs'], {
    cwd: apiDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', JWT_SECRET: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), timeoutMs);
    const check = () => {
      const match = output.match(/http:\/\/[\w.]+:(\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve({ child, baseUrl: `http://127.0.0.1:${match[1]}`, output: () => output });
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

export function stopServer(child: ChildProcess, signal: NodeJS.Signals = 'SIGINT'): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

/** For afterAll: whatever a failed test left running. */
export function killServers() {
  for (const child of running) child.kill('SIGKILL');
}
