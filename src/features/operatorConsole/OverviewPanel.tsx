import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { PrimaryButton, TextButton } from '../../components/Button';
import type { AdminOverview } from '../../domain/contracts/adminOverview';
import { funnelStages } from '../../domain/funnel';
import { visible } from '../../domain/visibleText';
import { apiErrorDetail } from '../../shared/api';
import { SCREEN_HEADING } from '../../shared/useFocusScreenHeading';
import { Box, Facts } from './consoleParts';
import { cohortName, daysSince, formatCount, formatCounted, formatDate } from './consoleFormat';
import { DataTable, FunnelChart, stageNames } from './FunnelChart';
import { useGetOverviewQuery } from './operatorConsoleApi';
import { RegistrationsChart } from './RegistrationsChart';

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 0 1rem;
`;

/** The console's Box, spaced wider: the overview's charts are the page. */
const Section = styled(Box)`
  margin-top: 2rem;
  h2 {
    font-size: 1.6rem;
  }
  h3 {
    margin: 2rem 0 0.75rem;
    font-size: 1.25rem;
  }
`;

/** A table wider than a phone scrolls sideways in its own box, which the keyboard can reach. */
const Scroller = styled.div`
  overflow-x: auto;
  th,
  td {
    white-space: nowrap;
  }
`;

const Field = styled.label`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  margin-bottom: 1rem;
  select {
    min-height: 44px;
    padding: 0.4rem 0.75rem;
    border: 1px solid ${({ theme }) => theme.colors.inkSoft};
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.colors.paperRaised};
    color: ${({ theme }) => theme.colors.ink};
  }
`;

const ALL_CODES = 'all';

function Funnel({ funnel }: { funnel: AdminOverview['funnel'] }) {
  const [chosen, setChosen] = useState(ALL_CODES);
  const pickerId = useId();
  if (funnel.overall.issued === 0) {
    return (
      <p>
        No invite codes have been issued yet. Issue a cohort from the server with{' '}
        <code>npm run invite -- create --label TEXT</code>, and this shows how far its people get.
      </p>
    );
  }
  const cohort = chosen === ALL_CODES ? undefined : funnel.cohorts[Number(chosen)];
  return (
    <>
      <Field htmlFor={pickerId}>
        Show the funnel of
        <select
          id={pickerId}
          value={cohort ? chosen : ALL_CODES}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value={ALL_CODES}>All codes</option>
          {funnel.cohorts.map((entry, index) => (
            <option key={entry.label ?? ''} value={String(index)}>
              {cohortName(entry.label)}
            </option>
          ))}
        </select>
      </Field>
      <FunnelChart
        counts={cohort?.counts ?? funnel.overall}
        caption={cohort ? `Funnel of the cohort “${cohortName(cohort.label)}”` : 'Funnel of all codes'}
      />
      <FunnelTable
        title="By cohort"
        about="A cohort is the codes that share a label; the newest cohort comes first."
        rowHeader="Cohort"
        rows={funnel.cohorts.map((entry) => ({
          key: entry.label ?? '',
          name: cohortName(entry.label),
          counts: entry.counts,
        }))}
        total={{ name: 'All codes', counts: funnel.overall }}
      />
      {funnel.communities.length > 0 && (
        <FunnelTable
          title="By community"
          about="The event links each community partner made; the same codes count in their cohorts above."
          rowHeader="Community"
          rows={funnel.communities.map((entry) => ({
            key: entry.community_id,
            name: visible(entry.name),
            counts: entry.counts,
          }))}
        />
      )}
    </>
  );
}

type FunnelCounts = AdminOverview['funnel']['overall'];

/** A funnel's counts by row (a cohort, a community), each stage a column, with an optional total. */
function FunnelTable({
  title,
  about,
  rowHeader,
  rows,
  total,
}: {
  title: string;
  about: string;
  rowHeader: string;
  rows: { key: string; name: string; counts: FunnelCounts }[];
  total?: { name: string; counts: FunnelCounts };
}) {
  const titleId = useId();
  const cells = (counts: FunnelCounts) =>
    funnelStages.map((stage) => <td key={stage}>{formatCount(counts[stage])}</td>);
  return (
    <>
      <h3 id={titleId}>{title}</h3>
      <p>{about}</p>
      <Scroller role="region" aria-labelledby={titleId} tabIndex={0}>
        <DataTable aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">{rowHeader}</th>
              {funnelStages.map((stage) => (
                <th key={stage} scope="col">
                  {stageNames[stage]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.name}</th>
                {cells(row.counts)}
              </tr>
            ))}
          </tbody>
          {total && (
            <tfoot>
              <tr>
                <th scope="row">{total.name}</th>
                {cells(total.counts)}
              </tr>
            </tfoot>
          )}
        </DataTable>
      </Scroller>
    </>
  );
}

function Waitlist({ waitlist }: { waitlist: AdminOverview['waitlist'] }) {
  if (waitlist.waiting === 0 || !waitlist.oldest_waiting_since) return <p>Nobody is waiting.</p>;
  const days = daysSince(waitlist.oldest_waiting_since);
  return (
    <Facts>
      <dt>Waiting</dt>
      <dd>{formatCount(waitlist.waiting)}</dd>
      <dt>Oldest entry</dt>
      <dd>
        <time dateTime={waitlist.oldest_waiting_since}>{formatDate(waitlist.oldest_waiting_since)}</time> (
        {formatCounted(days, 'day')} ago)
      </dd>
    </Facts>
  );
}

/** The console's first page: the funnel overall and per cohort, registrations per day, the waitlist. */
export function OverviewPanel() {
  const overview = useGetOverviewQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data, error, isError, isFetching } = overview;
  return (
    <>
      <Heading>
        <h1 tabIndex={-1} {...SCREEN_HEADING}>
          Overview
        </h1>
        {data && (
          <TextButton type="button" onClick={() => void overview.refetch()} disabled={isFetching}>
            {isFetching ? 'Refreshing…' : 'Refresh'}
          </TextButton>
        )}
      </Heading>
      {isError && (
        <div>
          <p role="alert">{apiErrorDetail(error, 'The overview could not be loaded.')}</p>
          <PrimaryButton type="button" onClick={() => void overview.refetch()} disabled={isFetching}>
            Try again
          </PrimaryButton>
        </div>
      )}
      {!data && !isError && (
        <p role="status" aria-busy="true">
          Loading the overview…
        </p>
      )}
      {data && (
        <div aria-busy={isFetching}>
          <Section aria-labelledby="funnel-title">
            <h2 id="funnel-title">Funnel</h2>
            <Funnel funnel={data.funnel} />
          </Section>
          <Section aria-labelledby="registrations-title">
            <h2 id="registrations-title">Registrations</h2>
            <RegistrationsChart days={data.registrations_per_day} />
          </Section>
          <Section aria-labelledby="waitlist-title">
            <h2 id="waitlist-title">Waitlist</h2>
            <Waitlist waitlist={data.waitlist} />
          </Section>
        </div>
      )}
    </>
  );
}
