import { useId, useState, type FormEvent } from 'react';
import { PrimaryButton } from '../../components/Button';
import type { AuditEntry, AuditQuery } from '../../domain/contracts/adminAudit';
import { Box, Fields, Moment, PanelHeading, QueryState } from './consoleParts';
import { ConsoleTable, type Column } from './ConsoleTable';
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

const orDash = (text: string | null) => (text === null ? '—' : visible(text));

const auditColumns: Column<AuditEntry>[] = [
  { header: 'When', rowHeader: true, cell: (entry) => <Moment at={entry.at} /> },
  { header: 'Actor', kind: 'long', cell: (entry) => visible(entry.actor) },
  { header: 'Session', cell: (entry) => orDash(entry.session) },
  { header: 'Action', cell: (entry) => <code>{entry.action}</code> },
  { header: 'Target', kind: 'long', cell: (entry) => orDash(entry.target) },
  { header: 'Reason', kind: 'long', cell: (entry) => orDash(entry.reason) },
  { header: 'Effect', kind: 'long', cell: (entry) => visible(entry.effect) },
];

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
          <ConsoleTable
            caption="Audit log"
            columns={auditColumns}
            rows={entries}
            rowKey={(entry) => entry.id}
          />
        </QueryState>
      </Box>
    </>
  );
}
