// .github/workflows/ci.yml and the setup action: they parse, run on push and pull requests, and a
// job runs .ci/run with a Postgres service.
import { parse as parseYaml } from 'yaml';

export function checkGithub({ check, read }) {
  const problems = [];
  let workflow;
  try {
    workflow = parseYaml(read('.github/workflows/ci.yml'));
  } catch (error) {
    problems.push(`ci.yml: ${error.message}`);
  }
  try {
    const action = parseYaml(read('.github/actions/setup/action.yml'));
    if (action?.runs?.using !== 'composite') problems.push('the setup action is not a composite action');
  } catch (error) {
    problems.push(`action.yml: ${error.message}`);
  }
  if (workflow) {
    const on = workflow.on ?? workflow[true];
    if (!on || !('push' in on) || !('pull_request' in on))
      problems.push('ci.yml does not run on push and pull_request');
    const jobs = Object.values(workflow.jobs ?? {});
    if (!jobs.some((job) => job.services?.postgres)) problems.push('no job has a postgres service');
    if (!jobs.some((job) => (job.steps ?? []).some((s) => String(s.run ?? '').includes('.ci/run')))) {
      problems.push('no job runs .ci/run');
    }
    for (const job of jobs) {
      if (!job['runs-on']) problems.push('a job has no runs-on');
      for (const step of job.steps ?? []) if (!step.uses && !step.run) problems.push(`a step has neither uses nor run`);
    }
  }
  check('.github/workflows/ci.yml and the setup action are well-formed, with a Postgres service', problems);
}
