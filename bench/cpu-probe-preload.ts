import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import pg from 'pg';

/**
 * Preloaded into the bench server by bench/cpu-probe.ts (`--import`): counts the statements the
 * app sends through node-postgres and answers 'probe-stats' with the count and process.cpuUsage(),
 * so a probe reads the server's CPU and statements per request, robust to the machine's load.
 * It also counts the pool's checkouts (`pg.Pool#connect`, also under each pooled `query`): under
 * load a request waits in the pool's queue once per checkout, so a write that takes three waits
 * three times as long as a read that takes one.
 */
let statements = 0;
let checkouts = 0;
const connect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function counted(this: pg.Pool, ...args: unknown[]) {
  checkouts += 1;
  return (connect as (...a: unknown[]) => unknown).apply(this, args);
} as typeof connect;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const session = new Session();

/** 'probe-stats': the counts; 'probe-prof-start' / 'probe-prof-stop FILE': a CPU profile of the load only. */
process.on('message', (message) => {
  if (message === 'probe-stats') process.send!({ probe: { statements, checkouts, cpu: process.cpuUsage() } });
  if (message === 'probe-prof-start') {
    session.connect();
    void session.post('Profiler.enable').then(() => session.post('Profiler.start'));
  }
  if (typeof message === 'string' && message.startsWith('probe-prof-stop ')) {
    void session.post('Profiler.stop').then(({ profile }) => {
      fs.writeFileSync(message.slice('probe-prof-stop '.length), JSON.stringify(profile));
      session.disconnect();
      process.send!({ probe: { statements, checkouts, cpu: process.cpuUsage() } });
    });
  }
});
