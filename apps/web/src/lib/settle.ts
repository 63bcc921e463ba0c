/**
 * `useSettle()` → `settle(spec)`: the one way a mutation hook (a `use-*.ts` module,
 * docs/development.md#writes-in-the-web-app) says what follows a write. It answers the mutation's own
 * `onSuccess`/`onError`/`onSettled` options, so a toast or a refresh never depends on the caller
 * still being on screen (docs/product.md#errors):
 *
 * - `success`: the green toast's text, a title or `{ title, message }`, or a function of the
 *   answer and the input that words one (or answers `undefined` for none);
 * - `error`: how a refusal is shown: a toast title (`showError`, the server's words under it),
 *   `{ title, message }` to word it otherwise, `{ form, … }` to put the field errors on the form
 *   too (`showFormError`), and `then(message, err)` to also keep the words (under a form, in a modal);
 *   left out, the hook's caller or `onError` shows it;
 * - `stale`: what the write changed, through the map of `stale-queries.ts`: marked once the call
 *   settled, refusals included, and awaited (the mutation stays pending until those on screen
 *   are fetched again); `staleOnSuccess`: marked after a success only, after the toast, without
 *   waiting unless `awaitStale` is set (then the mutation stays pending until they are fetched);
 * - `onSuccess`, `onError`, `onSettled`: what else the hook does (a cache entry set from the
 *   answer, a form emptied), run before the toast and the marking.
 */
import { showError, showFormError, type FormErrorDisplay } from './errors';
import { notifySuccess } from './notify';
import { useMarkStale, type Change } from './stale-queries';

export type ToastText = string | { title: string; message?: string };

/** A toast title, `{ title, message }` to word it, or the form variant (`form` set). */
export type ErrorDisplay =
  | string
  | {
      title?: string;
      message?: (err: unknown) => string;
      form?: undefined;
      then?: (message: string, err: unknown) => void;
    }
  | FormErrorDisplay;

type Changes<TData, TVariables> =
  Change | Change[] | ((data: TData | undefined, variables: TVariables) => Change | Change[] | null);

export interface SettleSpec<TData, TVariables> {
  success?: ToastText | ((data: TData, variables: TVariables) => ToastText | undefined);
  error?: ErrorDisplay;
  stale?: Changes<TData, TVariables>;
  staleOnSuccess?: Changes<TData, TVariables>;
  awaitStale?: boolean;
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (err: unknown, variables: TVariables) => unknown;
  onSettled?: (data: TData | undefined, err: unknown, variables: TVariables) => unknown;
}

export interface SettleOptions<TData, TVariables> {
  onSuccess: (data: TData, variables: TVariables) => Promise<void>;
  onError: (err: unknown, variables: TVariables) => Promise<void>;
  onSettled: (data: TData | undefined, err: unknown, variables: TVariables) => Promise<void>;
}

function changesOf<TData, TVariables>(
  changes: Changes<TData, TVariables> | undefined,
  data: TData | undefined,
  variables: TVariables,
): Change[] {
  if (changes === undefined) return [];
  const picked = typeof changes === 'function' ? changes(data, variables) : changes;
  if (picked === null) return [];
  return Array.isArray(picked) ? picked : [picked];
}

/** Shows a refusal the way `display` says; answers the words shown. */
export function displayError(err: unknown, display: ErrorDisplay): string {
  if (typeof display === 'string') return showError(err, { title: display });
  const message = display.form ? showFormError(display.form, err, display) : showError(err, display);
  display.then?.(message, err);
  return message;
}

export function useSettle() {
  const markStale = useMarkStale();
  const mark = (changes: Change[]) => Promise.all(changes.map((change) => markStale(change)));
  return function settle<TData, TVariables>(spec: SettleSpec<TData, TVariables>): SettleOptions<TData, TVariables> {
    return {
      onSuccess: async (data, variables) => {
        await spec.onSuccess?.(data, variables);
        const text = typeof spec.success === 'function' ? spec.success(data, variables) : spec.success;
        if (text !== undefined) {
          if (typeof text === 'string') notifySuccess(text);
          else notifySuccess(text.title, text.message);
        }
        const marked = mark(changesOf(spec.staleOnSuccess, data, variables));
        if (spec.awaitStale) await marked;
      },
      onError: async (err, variables) => {
        await spec.onError?.(err, variables);
        if (spec.error !== undefined) displayError(err, spec.error);
      },
      onSettled: async (data, err, variables) => {
        await spec.onSettled?.(data, err, variables);
        await mark(changesOf(spec.stale, data, variables));
      },
    };
  };
}
