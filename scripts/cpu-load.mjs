// A bounded CPU load, to show the Lighthouse gate gives the same verdict on a busy machine:
//   node scripts/cpu-load.mjs [--workers 2] [--max-seconds 1800] -- <command…>
// runs the command while `--workers` threads (one per core by default) spin, and stops them when
// the command ends, or after --max-seconds whatever happens. Then it prints the load it made and
// what the machine did meanwhile (from /proc/stat: the share of every core that was busy).
// Exits with the command's code. Example (docs/performance.md):
//   flock /tmp/e2e.lock bash scripts/node24.sh node scripts/cpu-load.mjs -- node scripts/lighthouse.mjs /en
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';

const args = process.argv.slice(2);
const split = args.indexOf('--');
if (split === -1 || split === args.length - 1) {
  console.error('usage: node scripts/cpu-load.mjs [--workers n] [--max-seconds s] -- <command…>');
  process.exit(2);
}
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at !== -1 && at < split ? Number(args[at + 1]) : fallback;
};
const workers = option('--workers', availableParallelism());
const maxSeconds = option('--max-seconds', 1800);
const [command, ...commandArgs] = args.slice(split + 1);

/** Busy and total jiffies of every core together (the first line of /proc/stat). */
function cpuTimes() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

// Each worker spins on arithmetic, checking the clock now and then, until told to stop.
const spinner = `
  const { parentPort } = require('node:worker_threads');
  let stop = false;
  parentPort.on('message', () => { stop = true; });
  const spin = () => {
    const until = Date.now() + 50;
    let x = 0;
    while (Date.now() < until) x = (x * 1103515245 + 12345) % 2147483648;
    if (!stop) setImmediate(spin); else process.exit(0);
  };
  spin();
`;
const spinning = Array.from({ length: workers }, () => new Worker(spinner, { eval: true }));
const before = cpuTimes();
const startedAt = Date.now();
const cpuBefore = process.cpuUsage();
console.error(`cpu-load: ${workers} busy thread(s) on ${availableParallelism()} core(s)`);

const child = spawn(command, commandArgs, { stdio: 'inherit' });
const stopAll = () => Promise.all(spinning.map((w) => (w.postMessage('stop'), w.terminate())));
const deadline = setTimeout(() => {
  console.error(`cpu-load: ${maxSeconds} s reached, the load stops (the command goes on)`);
  stopAll();
}, maxSeconds * 1000);

child.on('exit', async (code, signal) => {
  clearTimeout(deadline);
  const { user, system } = process.cpuUsage(cpuBefore);
  await stopAll();
  const after = cpuTimes();
  const seconds = (Date.now() - startedAt) / 1000;
  const machineBusy = (after.busy - before.busy) / (after.total - before.total);
  console.error(
    `cpu-load: ${seconds.toFixed(0)} s; the load threads used ${((user + system) / 1e6).toFixed(0)} CPU s ` +
      `(${((user + system) / 1e6 / seconds).toFixed(2)} cores); the machine was ${(machineBusy * 100).toFixed(0)} % busy ` +
      `over its ${availableParallelism()} cores; load average at the end ${loadavg()[0].toFixed(2)}`,
  );
  process.exit(code ?? (signal ? 1 : 0));
});
