/**
 * `FormFooter`: the end of a form that saves: the last refusal's words in a red alert (when there
 * is one; `errorTestId` names it for tests) above the submit button, which sits on the right.
 * The button's props are `SubmitButton`'s.
 */
import { Alert, Group } from '@mantine/core';

import { SubmitButton, type SubmitButtonProps } from './submit-button';

export interface FormFooterProps extends SubmitButtonProps {
  failure?: string | null;
  errorTestId?: string;
}

export function FormFooter({ failure = null, errorTestId, ...submit }: FormFooterProps) {
  return (
    <>
      {failure ? (
        <Alert color="red" variant="light" role="alert" data-testid={errorTestId}>
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <SubmitButton {...submit} />
      </Group>
    </>
  );
}
