import { useId } from 'react';
import { TextButton } from '../../components/Button';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import type { WebhookEventView } from '../../domain/contracts/adminWebhooks';
import { apiErrorDetail } from '../../shared/api';
import { Box, ErrorText, Moment, NamedTable, PanelHeading, QueryState } from './consoleParts';
import { formatCount } from './consoleFormat';
import { useRetryWebhookEventMutation, useListWebhookEventsQuery } from './consoleSectionsApi';
import { visible } from '../../domain/visibleText';

/** The receiver's last answer in words: its HTTP status, or why there was none. */
function lastAnswer(event: WebhookEventView): string {
  if (event.last_status !== null) return `HTTP ${event.last_status}`;
  if (event.last_error) return visible(event.last_error);
  return event.attempts === 0 ? 'not tried yet' : '—';
}

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
          {events.length === 0 ? (
            <p>No webhook events yet.</p>
          ) : (
            <NamedTable name="Webhook events">
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last answer</th>
                  <th scope="col">Created</th>
                  <th scope="col">Next attempt or delivered</th>
                  <th scope="col">Retry</th>
                </tr>
              </thead>
              <tbody>
                {events.map((event) => (
                  <tr key={event.id}>
                    <th scope="row">
                      {event.type}
                      <br />
                      <code>{event.id}</code>
                    </th>
                    <td>{event.status}</td>
                    <td className="number">{formatCount(event.attempts)}</td>
                    <td className="long">{lastAnswer(event)}</td>
                    <td>
                      <Moment at={event.created_at} />
                    </td>
                    <td>
                      <Moment at={event.delivered_at ?? event.next_attempt_at} />
                    </td>
                    <td>
                      {event.status !== 'delivered' && (
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
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </NamedTable>
          )}
        </QueryState>
      </Box>
    </>
  );
}
