import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** CPU seconds used so far by every process of a process group (a local server: node, wrangler or vite, and workerd). */
export function processCpuSeconds(groupId: number): number {
  const pids = execFileSync('ps', ['-eo', 'pid=,pgid='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter(([, pgid]) => pgid === groupId)
    .map(([pid]) => pid);
  // utime and stime of /proc/<pid>/stat, in clock ticks of 1/100 s.
  const ticks = pids.map((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  });
  return ticks.reduce((a, b) => a + b, 0) / 100;
}
