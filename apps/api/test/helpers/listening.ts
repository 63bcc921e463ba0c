import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * The TCP ports a process listens on, read from Linux's /proc: the socket inodes among its open
 * file descriptors, matched against the listening entries (state 0A) of /proc/net/tcp and tcp6.
 */
export function listeningTcpPorts(pid: number | 'self'): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${String(pid)}/fd`)) {
    let target = '';
    try {
      target = readlinkSync(`/proc/${String(pid)}/fd/${fd}`);
    } catch {
      continue; // closed while we looked
    }
    const match = /^socket:\[(\d+)\]$/.exec(target);
    if (match?.[1]) inodes.add(match[1]);
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [, local, , state, , , , , , inode] = fields;
      if (state !== '0A' || !inode || !inodes.has(inode) || !local) continue;
      ports.push(Number.parseInt(local.split(':')[1] ?? '', 16));
    }
  }
  return ports.sort((a, b) => a - b);
}
