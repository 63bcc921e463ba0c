/**
 * The administrator's answers to a reported chat message (docs/messages.md#reports): delete the
 * message ('Message deleted') or dismiss the report ('Report dismissed'); either marks the reports
 * stale. A refusal toasts 'Message not deleted' / 'Report not dismissed' with the server's reason.
 */
import { useSettle } from '../../lib/settle';
import { trpc } from '../../lib/trpc';

export function useReportedMessageActions() {
  const settle = useSettle();
  return {
    remove: trpc.message.delete.useMutation(
      settle({ success: 'Message deleted', error: 'Message not deleted', staleOnSuccess: { type: 'reports.written' } }),
    ),
    dismiss: trpc.message.dismissReport.useMutation(
      settle({
        success: 'Report dismissed',
        error: 'Report not dismissed',
        staleOnSuccess: { type: 'reports.written' },
      }),
    ),
  };
}
