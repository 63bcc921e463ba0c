/**
 * Says where a failing run left its evidence: the folder with each failed test's trace and
 * screenshot, and the command that opens a trace. (The list reporter names each file as well.)
 */
import type { FullConfig, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class FailureReporter implements Reporter {
  private outputDir = '';
  private failed = 0;

  onBegin(config: FullConfig): void {
    this.outputDir = config.projects[0]?.outputDir ?? '';
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'passed' && result.status !== 'skipped') this.failed += 1;
  }

  onEnd(): void {
    if (this.failed === 0) return;
    console.log(
      `\nTraces and screenshots of the ${String(this.failed)} failed test(s): ${this.outputDir}\n` +
        `Open a trace with: npx playwright show-trace ${this.outputDir}/<test folder>/trace.zip\n`,
    );
  }
}
