import { fork } from 'node:child_process';
import path from 'node:path';

/** The benches' server (bench/throughput-server.ts) in a process of its own. */
export interface BenchServer {
  base: string;
  stop(): Promise<void>;
}

const serverScript = path.join(import.meta.dirname, 'throughput-server.ts');

/**
 * Forks bench/throughput-server.ts as the real app or the bare Fastify (`mode`), with `env`,
 * writing a CPU profile into `cpuProfDir` when given (written when it stops), and waits for its port.
 */
export async function forkBenchServer(mode: 'app' | 'bare', env: Record<string, string>, cpuProfDir?: string): Promise<BenchServer> {
  const child = fork(serverScript, [mode], {
    execArgv: ['--import', 'tsx', ...(cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : [])],
    env: { ...process.env, ...env },
    // Request logs go where production's would, into a file descriptor: here /dev/null.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      child.send('stop');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
