/** What the figures were measured on, recorded next to them. */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg, release, totalmem, type } from 'node:os';

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  postgres: string | null;
  chromium: string | null;
  commit: string | null;
  /** 1-minute load average when the run started: other work on the machine skews the figures. */
  loadAverageAtStart: number;
}

function commandOutput(command: string, args: string[], cwd?: string): string | null {
  const result = spawnSync(command, args, { encoding: 'utf8', cwd, timeout: 10_000 });
  return result.status === 0 ? result.stdout.trim() : null;
}

export function machineInfo(repoRoot: string, chromiumPath: string, postgres: string | null): MachineInfo {
  const cpuList = cpus();
  const commit = commandOutput('git', ['rev-parse', '--short', 'HEAD'], repoRoot);
  const dirty = commandOutput('git', ['status', '--porcelain', '--untracked-files=no'], repoRoot);
  return {
    cpu: cpuList[0]?.model.trim() ?? 'unknown',
    cores: cpuList.length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    os: `${type()} ${release()}`,
    node: process.version,
    postgres,
    chromium: commandOutput(chromiumPath, ['--version']),
    commit: commit ? `${commit}${dirty ? ' + uncommitted changes' : ''}` : null,
    loadAverageAtStart: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
}

/** When, by which command and where a pass measured on its own was recorded (kept beside its figures). */
export interface PassRecord {
  date: string;
  command: string;
  commit: string | null;
  loadAverageAtStart: number;
}

/** The record of a pass run by `at.command` on `at.machine` on `at.date`. */
export function passRecord(at: { date: string; command: string; machine: MachineInfo }): PassRecord {
  return {
    date: at.date,
    command: at.command,
    commit: at.machine.commit,
    loadAverageAtStart: at.machine.loadAverageAtStart,
  };
}
