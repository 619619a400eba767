import fs from 'node:fs';
import pg from 'pg';
import crypto from 'node:crypto';
import { fork } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { leadSources, policyStatuses, foldForSearch } from '@portal/domain';
import { examplePolicyInput, exampleTenant } from '@portal/domain/testing';
import { colonies, femaleFirstNames, surnames } from '../apps/api/src/demo/demo-data';
import { httpClient, runPool, type Client, type Outcome } from './load-client';
import { prepareDatabase, signIn } from './write-bench-setup';

/**
 * `npm run bench:cpu-probe -- [--count 2000] [--requests 300] [--concurrency 10] [--cache-off] [--routes a,b] [--cpu-prof DIR]`
 * (issue 30): the app's CPU and statements per request, route by route — what the machine's load
 * does not move. The real app in its own process (bench/throughput-server.ts, with
 * bench/cpu-probe-preload.ts counting node-postgres statements), a scratch PostgreSQL database of
 * `count` policies; for each route `requests` requests with `concurrency` in flight, then the
 * server's process CPU (user+system), statements and pool checkouts over that phase ÷ requests.
 */

type Route = 'new policy' | 'open policy' | 'new lead' | 'leads' | 'dashboard' | 'search';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '2000' },
    requests: { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '10' },
    'cache-off': { type: 'boolean', default: false },
    routes: { type: 'string', default: 'new policy,open policy,new lead,leads,dashboard,search' },
    'cpu-prof': { type: 'string' },
  },
});

const serverScript = path.join(import.meta.dirname, 'throughput-server.ts');
const preload = path.join(import.meta.dirname, 'cpu-probe-preload.ts');

const searchTexts = [...surnames.map((name) => foldForSearch(name).slice(0, 4)), ...colonies.map((c) => foldForSearch(c.colony).split(' ')[0]!)];

function request(client: Client, route: Route, index: number, maxId: number): Promise<Outcome> {
  const name = `${femaleFirstNames[index % femaleFirstNames.length]} ${surnames[index % surnames.length]} ${surnames[(index * 7) % surnames.length]}`;
  switch (route) {
    case 'new policy':
      return client.request(route, 'POST', '/api/policy', examplePolicyInput({ tenants: [exampleTenant(name)] }));
    case 'open policy':
      return client.request(route, 'GET', `/api/policy/unique/${1 + ((index * 7919) % maxId)}`);
    case 'new lead':
      return client.request(route, 'POST', '/api/leads', { name, phone: `55${String(index).padStart(8, '0')}`, source: leadSources[index % leadSources.length] });
    case 'leads':
      return client.request(route, 'GET', '/api/leads');
    case 'dashboard':
      return client.request(route, 'GET', '/api/policy/dashboard/1');
    case 'search': {
      const query = new URLSearchParams();
      if (index % 4 !== 3) query.set('q', searchTexts[index % searchTexts.length]!);
      if (index % 5 < 2) query.set('status', policyStatuses[index % policyStatuses.length]!);
      return client.request(route, 'GET', `/api/policy/search?${query}`);
    }
  }
}

async function main() {
  const count = Number(values.count);
  const requests = Number(values.requests);
  const concurrency = Number(values.concurrency);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const database = await prepareDatabase(process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres', count, log);
  const child = fork(serverScript, ['app'], {
    execArgv: ['--import', 'tsx', '--import', preload],
    env: {
      ...process.env,
      THROUGHPUT_DATABASE_URL: database.url,
      THROUGHPUT_JWT_SECRET: crypto.randomBytes(48).toString('base64url'),
      ...(values['cache-off'] ? { THROUGHPUT_SEARCH_CACHE_SECONDS: '0' } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve((m as { port: number }).port)));
  const stats = (command = 'probe-stats') =>
    new Promise<{ statements: number; checkouts: number; cpu: NodeJS.CpuUsage }>((resolve) => {
      const listen = (m: unknown) => {
        const probe = (m as { probe?: { statements: number; checkouts: number; cpu: NodeJS.CpuUsage } }).probe;
        if (probe) {
          child.off('message', listen);
          resolve(probe);
        }
      };
      child.on('message', listen);
      child.send(command);
    });
  // PostgreSQL's side: the CPU of the backends serving the scratch database (its name is the URL's
  // path), read from /proc — the server is shared, so only these backends count.
  const databaseName = new URL(database.url).pathname.slice(1);
  const monitor = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres' });
  await monitor.connect();
  const ticksPerMs = 100 / 1000; // USER_HZ
  const backendCpuMs = async () => {
    const { rows } = await monitor.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [databaseName]);
    const perPid = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        perPid.set(pid, (Number(fields[11]) + Number(fields[12])) / ticksPerMs);
      } catch {
        // The backend ended meanwhile.
      }
    }
    return perPid;
  };
  const backendDelta = (before: Map<number, number>, after: Map<number, number>) =>
    [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
  const base = `http://127.0.0.1:${port}`;
  const client = httpClient(base, await signIn(base), concurrency);
  try {
    for (const route of values.routes.split(',') as Route[]) {
      await runPool(50, concurrency, (index) => request(client, route, 100_000 + index, count)); // warm-up
      const profile = values['cpu-prof'] ? path.resolve(values['cpu-prof'], `${route.replace(' ', '-')}.cpuprofile`) : undefined;
      if (profile) child.send('probe-prof-start');
      const before = await stats();
      const backendsBefore = await backendCpuMs();
      const run = await runPool(requests, concurrency, (index) => request(client, route, index, count));
      const backendsAfter = await backendCpuMs();
      const after = await stats(profile ? `probe-prof-stop ${profile}` : undefined);
      const databaseMs = backendDelta(backendsBefore, backendsAfter) / requests;
      const bad = run.outcomes.filter((o) => o.status >= 300);
      const cpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000 / requests;
      const perRequest = (after.statements - before.statements) / requests;
      const checkoutsPerRequest = (after.checkouts - before.checkouts) / requests;
      process.stdout.write(
        `${route.padEnd(12)} cpu ${cpuMs.toFixed(2)} ms/req  PostgreSQL ${databaseMs.toFixed(2)} ms/req  statements ${perRequest.toFixed(2)}/req  pool checkouts ${checkoutsPerRequest.toFixed(2)}/req  ${(requests / run.seconds).toFixed(0)} req/s  not-2xx ${bad.length}${bad[0] ? ` (${bad[0].status} ${bad[0].message ?? ''})` : ''}\n`,
      );
    }
  } finally {
    await monitor.end();
    client.close();
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
    await database.drop();
  }
}

await main();
