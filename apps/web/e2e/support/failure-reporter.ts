/**
 * Says where a failing run left its evidence: the folder with each failed test's trace and
 * screenshot, and the command that opens a trace. (The list reporter names each file as well.)
 */
import type { FullConfig, FullResult, Reporter } from '@playwright/test/reporter';

export default class FailureReporter implements Reporter {
  private outputDir = '';

  onBegin(config: FullConfig): void {
    this.outputDir = config.projects[0]?.outputDir ?? '';
  }

  onEnd(result: FullResult): void {
    if (result.status === 'passed') return;
    console.log(
      `\nTraces and screenshots of the failed tests: ${this.outputDir}\n` +
        `Open a trace with: npx playwright show-trace ${this.outputDir}/<test folder>/trace.zip\n`,
    );
  }
}
