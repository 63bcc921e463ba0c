/**
 * `copyWithToast(text, success)`: copies text for the user, then shows `success` (title + message)
 * or docs/product.md#clipboard-error 'Failed to copy' / 'Please try again or copy the text manually.'; resolves whether
 * it worked. Uses the async Clipboard API; where that is missing or refused (a page served over
 * plain http on a LAN, an older browser) it falls back to a hidden textarea and
 * `execCommand('copy')`.
 */
import { notifyError, notifySuccess } from './notify';

const COPY_FAILED_TITLE = 'Failed to copy';
const COPY_FAILED_MESSAGE = 'Please try again or copy the text manually.';

function legacyCopy(text: string): boolean {
  if (typeof document === 'undefined' || typeof document.execCommand !== 'function') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  // Off-screen but still selectable; a display:none element cannot be selected.
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.appendChild(area);
  try {
    area.select();
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    previousFocus?.focus();
  }
}

async function writeClipboard(text: string): Promise<boolean> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (clipboard && typeof clipboard.writeText === 'function') {
    try {
      await clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused or no user activation: the legacy path below may still work.
    }
  }
  return legacyCopy(text);
}

export async function copyWithToast(text: string, success: { title: string; message?: string }): Promise<boolean> {
  const copied = await writeClipboard(text);
  if (copied) notifySuccess(success.title, success.message);
  else notifyError(COPY_FAILED_TITLE, COPY_FAILED_MESSAGE);
  return copied;
}
