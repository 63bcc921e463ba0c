/**
 * `mockClipboard()`: for test files whose components copy text. jsdom has no `navigator.clipboard`,
 * so before each test it puts one in place whose `writeText` resolves, and removes it after the
 * test. Returns that `writeText` mock (reset before every test) for assertions and for making a
 * copy fail (`writeText.mockRejectedValue(...)`). Call it once at the top of the file.
 */
import { afterEach, beforeEach, vi } from 'vitest';

export type WriteTextMock = ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;

export function mockClipboard(): WriteTextMock {
  const writeText = vi.fn<(text: string) => Promise<void>>();
  beforeEach(() => {
    writeText.mockReset();
    writeText.mockImplementation(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });
  return writeText;
}
