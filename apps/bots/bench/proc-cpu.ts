import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (getconf CLK_TCK; 100 on Linux almost always). */
export function clockTicksPerSecond(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime of the process (all its threads), in clock ticks. */
  ticks: number;
}

/** /proc/<pid>/stat; the command name may hold spaces and parentheses, so fields are read after the last ")". */
function readStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // gone in between
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // After the name: state(3) ppid(4) ... utime(14) stime(15), counted from 1 with pid and name as 1 and 2.
  return { pid, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

function allStats(): ProcStat[] {
  const stats: ProcStat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat) stats.push(stat);
  }
  return stats;
}

/** CPU ticks used so far by a process and every process below it (children of children too). */
export function treeTicks(root: number): number {
  const stats = allStats();
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const self = stats.find((s) => s.pid === root);
  if (!self) return 0;
  let total = 0;
  const todo = [self];
  while (todo.length > 0) {
    const next = todo.pop()!;
    total += next.ticks;
    todo.push(...(children.get(next.pid) ?? []));
  }
  return total;
}

/** CPU ticks of single processes (PostgreSQL backends); a pid that is gone counts 0. */
export function pidTicks(pid: number): number | null {
  return readStat(pid)?.ticks ?? null;
}

/**
 * Follows processes that come and go (PostgreSQL backends of a pool): the ticks each one used while it was
 * seen. A backend's ticks between its last sample and its exit are lost, so sample often.
 */
export class PidCpuTracker {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();

  sample(pids: number[]): void {
    for (const pid of pids) {
      const ticks = pidTicks(pid);
      if (ticks === null) continue;
      if (!this.first.has(pid)) this.first.set(pid, ticks);
      this.last.set(pid, ticks);
    }
    // Processes seen before and still there: refresh them too (their pid may no longer be listed).
    for (const pid of this.last.keys()) {
      const ticks = pidTicks(pid);
      if (ticks !== null && ticks >= (this.last.get(pid) ?? 0)) this.last.set(pid, ticks);
    }
  }

  /** Ticks used since each process was first seen. */
  ticks(): number {
    let total = 0;
    for (const [pid, last] of this.last) total += last - (this.first.get(pid) ?? last);
    return total;
  }

  processes(): number {
    return this.last.size;
  }
}
