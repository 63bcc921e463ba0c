/**
 * `useProfileFailure()`: the failed-save state the profile's vendor cards share: `failure` (shown
 * under the form), `clear()` before a save, and `fail(err)` on a refusal, which also shows the
 * 'Error' toast with the same words (`profileUpdateFailure`).
 */
import { useState } from 'react';

import { notifyError } from '../../lib/notify';
import { profileUpdateFailure } from './profile-error';

export function useProfileFailure() {
  const [failure, setFailure] = useState<string | null>(null);
  return {
    failure,
    clear: () => setFailure(null),
    fail: (err: unknown) => {
      const message = profileUpdateFailure(err);
      setFailure(message);
      notifyError('Error', message);
    },
  };
}
