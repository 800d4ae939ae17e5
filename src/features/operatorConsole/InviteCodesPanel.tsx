import { useId, useState, type FormEvent } from 'react';
import { PrimaryButton, TextButton } from '../../components/Button';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import type { InviteCodeQuery, InviteCodeView } from '../../domain/contracts/adminInviteCodes';
import { apiErrorDetail } from '../../shared/api';
import { Box, ErrorText, Fields, Moment, NamedTable, PanelHeading, QueryState } from './consoleParts';
import { cohortName, formatCount, formatCounted } from './consoleFormat';
import {
  useCreateInviteCodesMutation,
  useListInviteCodesQuery,
  useRevokeInviteCodesMutation,
} from './consoleSectionsApi';
import { DryRunAction } from './DryRunAction';
import { limits } from '../../domain/limits';
import { visible } from '../../domain/visibleText';

/** The statuses of the contract (a type-only import cannot bring the list). */
const statuses: InviteCodeView['status'][] = ['valid', 'expired', 'used up', 'revoked'];

/** The link a code is shared as: this site's /join with the code filled in. */
const joinLink = (code: string) => `${globalThis.location.origin}/join?code=${code}`;

function useCopyLink() {
  const [copied, setCopied] = useState('');
  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(joinLink(code));
      setCopied(`The link of ${code} is copied.`);
    } catch {
      setCopied(`Copying failed: select the link of ${code} and copy it yourself.`);
    }
  };
  return { copied, copy };
}

function CreateCodes({ onCopy }: { onCopy: (code: string) => void }) {
  const [create, { data, error, isError, isLoading, reset }] = useCreateInviteCodesMutation();
  const [count, setCount] = useState('1');
  const [uses, setUses] = useState('1');
  const [label, setLabel] = useState('');
  const [expires, setExpires] = useState('');
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    reset();
    await create({
      count: Number(count),
      uses: Number(uses),
      ...(label.trim() ? { label: label.trim() } : {}),
      ...(expires ? { expires } : {}),
    })
      .unwrap()
      .catch(() => undefined);
  };
  return (
    <Box aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Create codes</h2>
      <p>One code, or a cohort: codes that share a label, so the overview shows how far its people get.</p>
      <form onSubmit={(event) => void submit(event)}>
        <Fields>
          <label htmlFor={`${id}-count`}>
            How many codes
            <input
              id={`${id}-count`}
              type="number"
              min={1}
              max={limits.admin.codesPerBatchMax}
              required
              value={count}
              onChange={(event) => setCount(event.target.value)}
            />
          </label>
          <label htmlFor={`${id}-uses`}>
            Uses per code
            <input
              id={`${id}-uses`}
              type="number"
              min={1}
              max={limits.admin.usesPerCodeMax}
              required
              value={uses}
              onChange={(event) => setUses(event.target.value)}
            />
          </label>
          <label htmlFor={`${id}-label`}>
            Label (cohort)
            <input
              id={`${id}-label`}
              maxLength={200}
              value={label}
              onChange={(event) => setLabel(event.target.value)}
            />
          </label>
          <label htmlFor={`${id}-expires`}>
            Last valid day (optional)
            <input
              id={`${id}-expires`}
              type="date"
              value={expires}
              onChange={(event) => setExpires(event.target.value)}
            />
          </label>
        </Fields>
        <PrimaryButton type="submit" disabled={isLoading}>
          {isLoading ? 'Creating…' : 'Create codes'}
        </PrimaryButton>
      </form>
      {isError && (
        <ErrorText role="alert">{apiErrorDetail(error, 'The codes could not be created.')}</ErrorText>
      )}
      <div role="status">
        {data && (
          <>
            <p>Done: {visible(data.effect)}.</p>
            <ul>
              {data.codes.map((code) => (
                <li key={code.code}>
                  <code>{code.code}</code> {joinLink(code.code)}{' '}
                  <TextButton type="button" onClick={() => onCopy(code.code)}>
                    Copy link<VisuallyHidden> of {code.code}</VisuallyHidden>
                  </TextButton>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Box>
  );
}

function Filters({ onApply }: { onApply: (filters: InviteCodeQuery) => void }) {
  const [label, setLabel] = useState('');
  const [status, setStatus] = useState('');
  const id = useId();
  return (
    <form
      role="search"
      aria-label="Filter the codes"
      onSubmit={(event) => {
        event.preventDefault();
        onApply({
          ...(label.trim() ? { label: label.trim() } : {}),
          ...(status ? { status: status as InviteCodeView['status'] } : {}),
        });
      }}
    >
      <Fields>
        <label htmlFor={`${id}-label`}>
          Label
          <input id={`${id}-label`} value={label} onChange={(event) => setLabel(event.target.value)} />
        </label>
        <label htmlFor={`${id}-status`}>
          Status
          <select id={`${id}-status`} value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">Any</option>
            {statuses.map((entry) => (
              <option key={entry} value={entry}>
                {entry}
              </option>
            ))}
          </select>
        </label>
        <PrimaryButton type="submit">Show codes</PrimaryButton>
      </Fields>
    </form>
  );
}

function CodeList({ filters, onCopy }: { filters: InviteCodeQuery; onCopy: (code: string) => void }) {
  const query = useListInviteCodesQuery(filters, { refetchOnMountOrArgChange: true });
  const [revoke] = useRevokeInviteCodesMutation();
  const [selected, setSelected] = useState<string[]>([]);
  const codes = query.data ?? [];
  const chosen = selected.filter((code) => codes.some((entry) => entry.code === code));
  const toggle = (code: string, on: boolean) =>
    setSelected((now) => (on ? [...now, code] : now.filter((entry) => entry !== code)));
  const described =
    filters.label || filters.status ? 'No codes match these filters.' : 'No invite codes yet.';
  return (
    <QueryState what="codes" query={query}>
      {codes.length === 0 ? (
        <p>{described}</p>
      ) : (
        <>
          <p>
            {formatCounted(codes.length, 'code')}
            {filters.label ? ` labelled “${visible(filters.label)}”` : ''}
            {filters.status ? `, ${filters.status}` : ''}.
          </p>
          <NamedTable name="Invite codes">
            <thead>
              <tr>
                <th scope="col">Select</th>
                <th scope="col">Code</th>
                <th scope="col">Label</th>
                <th scope="col">Uses</th>
                <th scope="col">Status</th>
                <th scope="col">Expires</th>
                <th scope="col">Created</th>
                <th scope="col">Link</th>
              </tr>
            </thead>
            <tbody>
              {codes.map((code) => (
                <tr key={code.code}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select ${code.code}`}
                      disabled={code.status === 'revoked'}
                      checked={chosen.includes(code.code)}
                      onChange={(event) => toggle(code.code, event.target.checked)}
                    />
                  </td>
                  <th scope="row">
                    <code>{code.code}</code>
                  </th>
                  <td>{cohortName(code.label)}</td>
                  <td className="number">
                    {formatCount(code.uses)} of {formatCount(code.max_uses)}
                  </td>
                  <td>{code.status}</td>
                  <td>
                    <Moment at={code.expires_at} none="never" />
                  </td>
                  <td>
                    <Moment at={code.created_at} />
                  </td>
                  <td>
                    <TextButton type="button" onClick={() => onCopy(code.code)}>
                      Copy link<VisuallyHidden> of {code.code}</VisuallyHidden>
                    </TextButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </NamedTable>
        </>
      )}
      <h3>Revoke</h3>
      <p>Select codes above, or filter by a label to revoke the rest of that cohort.</p>
      <DryRunAction
        start={`Revoke ${formatCounted(chosen.length, 'selected code')}…`}
        disabled={chosen.length === 0}
        preview={() => revoke({ codes: chosen, dry_run: true }).unwrap()}
        perform={(reason) => revoke({ codes: chosen, reason }).unwrap()}
        confirm="Revoke the codes"
        onDone={() => setSelected([])}
      />
      {filters.label && (
        <DryRunAction
          start={`Revoke the rest of “${visible(filters.label)}”…`}
          preview={() => revoke({ label: filters.label!, dry_run: true }).unwrap()}
          perform={(reason) => revoke({ label: filters.label!, reason }).unwrap()}
          confirm="Revoke the cohort’s codes"
        />
      )}
    </QueryState>
  );
}

/** Section 3: invite codes — list and filter, create one or a cohort, copy links, revoke with a reason. */
export function InviteCodesPanel() {
  const [filters, setFilters] = useState<InviteCodeQuery>({});
  const { copied, copy } = useCopyLink();
  const id = useId();
  return (
    <>
      <PanelHeading>Invite codes</PanelHeading>
      <VisuallyHidden role="status">{copied}</VisuallyHidden>
      <CreateCodes onCopy={(code) => void copy(code)} />
      <Box aria-labelledby={`${id}-codes`}>
        <h2 id={`${id}-codes`}>Codes</h2>
        <Filters onApply={setFilters} />
        <CodeList filters={filters} onCopy={(code) => void copy(code)} />
      </Box>
    </>
  );
}
