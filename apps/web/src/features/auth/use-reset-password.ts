/**
 * `useCompletePasswordReset(form, formName)`: `auth.completePasswordReset`, redeeming an
 * administrator's one-time code; success shows the server's message under 'Success', a refusal
 * 'Password reset failed' with the server's reason and its field errors on the form.
 */
import type { UseFormReturnType } from '@mantine/form';
import type { CompleteResetFormValues } from '@rideshare/domain';

import { useSettle } from '../../lib/settle';
import { trpc } from '../../lib/trpc';

export function useCompletePasswordReset(form: UseFormReturnType<CompleteResetFormValues>, formName: string) {
  const settle = useSettle();
  return trpc.auth.completePasswordReset.useMutation(
    settle({
      success: (answer) => ({ title: 'Success', message: answer.message }),
      error: { form, formName, title: 'Password reset failed' },
    }),
  );
}
