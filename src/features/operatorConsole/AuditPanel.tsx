import { useId, useState, type FormEvent } from 'react';
import { PrimaryButton } from '../../components/Button';
import type { AuditQuery } from '../../domain/contracts/adminAudit';
import { Box, Fields, Moment, NamedTable, PanelHeading, QueryState } from './consoleParts';
import { formatCounted } from './consoleFormat';
import { useListAuditEntriesQuery } from './consoleSectionsApi';
import { visible } from '../../domain/visibleText';

const filterFields = [
  { key: 'action', label: 'Action', hint: 'e.g. invite.revoke' },
  { key: 'target', label: 'Target', hint: 'a code, member id, label or phone' },
  { key: 'actor', label: 'Actor', hint: 'an operator’s name' },
] as const;

function Filters({ onApply }: { onApply: (filters: AuditQuery) => void }) {
  const [values, setValues] = useState({ action: '', target: '', actor: '', since: '' });
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== '')));
  };
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((now) => ({ ...now, [key]: event.target.value }));
  return (
    <form role="search" aria-label="Filter the audit log" onSubmit={submit}>
      <Fields>
        {filterFields.map(({ key, label, hint }) => (
          <label key={key} htmlFor={`${id}-${key}`}>
            {label}
            <input id={`${id}-${key}`} value={values[key]} placeholder={hint} onChange={set(key)} />
          </label>
        ))}
        <label htmlFor={`${id}-since`}>
          On or after
          <input id={`${id}-since`} type="date" value={values.since} onChange={set('since')} />
        </label>
        <PrimaryButton type="submit">Show entries</PrimaryButton>
      </Fields>
    </form>
  );
}

/** Section 7: the audit log — every operator action, filtered by action, target, actor and date. */
export function AuditPanel() {
  const [filters, setFilters] = useState<AuditQuery>({});
  const query = useListAuditEntriesQuery(filters, { refetchOnMountOrArgChange: true });
  // The server answers oldest first; the newest is what an operator looks for.
  const entries = [...(query.data ?? [])].reverse();
  const filtered = Object.keys(filters).length > 0;
  const id = useId();
  return (
    <>
      <PanelHeading>Audit log</PanelHeading>
      <Box aria-labelledby={`${id}-entries`}>
        <h2 id={`${id}-entries`}>Operator actions</h2>
        <p>
          Every change and export, every read of a member’s record, every sign-in and sign-out and every
          refused attempt, by the command line or this console: the newest 500, newest first. A row names the
          console session that acted by a short id.
        </p>
        <Filters onApply={setFilters} />
        <QueryState what="audit log" query={query}>
          <p role="status">
            {entries.length === 0
              ? filtered
                ? 'No action matches these filters.'
                : 'No operator action yet.'
              : `${formatCounted(entries.length, 'action')}.`}
          </p>
          {entries.length > 0 && (
            <NamedTable name="Audit log">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Actor</th>
                  <th scope="col">Session</th>
                  <th scope="col">Action</th>
                  <th scope="col">Target</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Effect</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <th scope="row">
                      <Moment at={entry.at} />
                    </th>
                    <td>{visible(entry.actor)}</td>
                    <td>{entry.session === null ? '—' : visible(entry.session)}</td>
                    <td>
                      <code>{entry.action}</code>
                    </td>
                    <td>{entry.target === null ? '—' : visible(entry.target)}</td>
                    <td className="long">{entry.reason === null ? '—' : visible(entry.reason)}</td>
                    <td className="long">{visible(entry.effect)}</td>
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
