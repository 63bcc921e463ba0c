/**
 * `PermitScopeNote`: above the available rides, which directions the vendor's permit lets it take
 * and how many open rides the list leaves out for that reason ("3 Forest City → Singapore rides
 * need a Malaysian permit"), from `vendor.permitScope` (docs/vendors.md#permit-scope). Nothing
 * while it loads or when it could not be read: the list itself still works.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { permitScopeSentences } from '@rideshare/domain';

import { trpc } from '../../lib/trpc';

export function PermitScopeNote() {
  const scope = trpc.vendor.permitScope.useQuery(undefined, { refetchOnMount: 'always' });
  if (!scope.data) return null;
  const [allowed, ...hidden] = permitScopeSentences(scope.data.allowed, scope.data.hidden);
  return (
    <Alert variant="light" color="blue" title={allowed} mb="md" data-testid="permit-scope">
      {hidden.length > 0 ? (
        <Stack gap={2}>
          {hidden.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Alert>
  );
}
