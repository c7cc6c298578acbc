/** What the Chromium a test drives holds in memory, read from /proc (Linux). */
import { readFileSync, readdirSync } from 'node:fs';

/**
 * Resident memory of the Chromium this test drives: every chromium process under this test worker
 * (browser, renderers with the page and the download worker, GPU, network and storage services).
 * RSS counts pages shared between them more than once, which only inflates the baseline; the growth
 * is what is compared. Files being written sit in the kernel's page cache, which RSS does not count.
 */
export function chromiumProcesses(): Map<number, { rss: number; type: string }> {
  const parent = new Map<number, number>();
  const found = new Map<number, { rss: number; type: string }>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parent.set(Number(d), ppid);
      if (!/chrom/i.test(comm)) continue;
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${d}/status`, 'utf8'));
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      const type = /--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser';
      const sub = /--utility-sub-type=([\w.]+)/.exec(cmd)?.[1];
      if (m) found.set(Number(d), { rss: Number(m[1]) * 1024, type: sub ? `${type}:${sub}` : type });
    } catch {
      /* the process ended while being read */
    }
  }
  const under = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === process.pid) return true;
    return false;
  };
  for (const pid of [...found.keys()]) if (!under(pid)) found.delete(pid);
  return found;
}

export const chromiumRss = (procs = chromiumProcesses()) => [...procs.values()].reduce((s, p) => s + p.rss, 0);
