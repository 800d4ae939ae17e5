import { useId } from 'react';
import { TextButton } from '../../components/Button';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import type { WebhookEventView } from '../../domain/contracts/adminWebhooks';
import { apiErrorDetail } from '../../shared/api';
import { Box, ErrorText, Moment, PanelHeading, QueryState } from './consoleParts';
import { ConsoleTable, type Column } from './ConsoleTable';
import { formatCount } from './consoleFormat';
import { useRetryWebhookEventMutation, useListWebhookEventsQuery } from './consoleSectionsApi';
import { visible } from '../../domain/visibleText';

/** The receiver's last answer in words: its HTTP status, or why there was none. */
function lastAnswer(event: WebhookEventView): string {
  if (event.last_status !== null) return `HTTP ${event.last_status}`;
  if (event.last_error) return visible(event.last_error);
  return event.attempts === 0 ? 'not tried yet' : '—';
}

const eventColumns: Column<WebhookEventView>[] = [
  {
    header: 'Event',
    rowHeader: true,
    cell: (event) => (
      <>
        {event.type}
        <br />
        <code>{event.id}</code>
      </>
    ),
  },
  { header: 'Status', cell: (event) => event.status },
  { header: 'Attempts', kind: 'number', cell: (event) => formatCount(event.attempts) },
  { header: 'Last answer', kind: 'long', cell: lastAnswer },
  { header: 'Created', cell: (event) => <Moment at={event.created_at} /> },
  {
    header: 'Next attempt or delivered',
    cell: (event) => <Moment at={event.delivered_at ?? event.next_attempt_at} />,
  },
];

/** Section 6: webhooks — the newest events with their status, attempts and last answer; retry one. */
export function WebhooksPanel() {
  const query = useListWebhookEventsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [retry, retried] = useRetryWebhookEventMutation();
  const events = query.data ?? [];
  const id = useId();
  return (
    <>
      <PanelHeading>Webhooks</PanelHeading>
      <Box aria-labelledby={`${id}-events`}>
        <h2 id={`${id}-events`}>Recent events</h2>
        <p>The newest 200 events sent to the assistant’s receiver, newest first.</p>
        <TextButton type="button" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? 'Refreshing…' : 'Refresh'}
        </TextButton>
        {retried.isError && (
          <ErrorText role="alert">
            {apiErrorDetail(retried.error, 'The event could not be retried.')}
          </ErrorText>
        )}
        <p role="status">{retried.data ? `Done: ${visible(retried.data.effect)}.` : ''}</p>
        <QueryState what="webhook events" query={query}>
          <ConsoleTable
            caption="Webhook events"
            columns={eventColumns}
            rows={events}
            rowKey={(event) => event.id}
            actions={{
              header: 'Retry',
              cell: (event) =>
                event.status !== 'delivered' && (
                  <TextButton
                    type="button"
                    disabled={retried.isLoading}
                    onClick={() => {
                      retried.reset();
                      void retry(event.id)
                        .unwrap()
                        .catch(() => undefined);
                    }}
                  >
                    Retry
                    <VisuallyHidden>
                      {' '}
                      {event.type} {event.id}
                    </VisuallyHidden>
                  </TextButton>
                ),
            }}
            empty="No webhook events yet."
          />
        </QueryState>
      </Box>
    </>
  );
}
