import styled from '@emotion/styled';
import { useId } from 'react';
import type { RegistrationDay } from '../../domain/contracts/adminOverview';
import { formatCount, formatDay } from './consoleFormat';
import { DataTable } from './FunnelChart';

const CHART_HEIGHT = 160;
const LABEL_ROOM = 22;

const Figure = styled.figure`
  margin: 0;
  figcaption {
    font-weight: 600;
    margin-bottom: 0.75rem;
  }
  svg {
    display: block;
    width: 100%;
    overflow: visible;
  }
  svg text {
    font-size: 13px;
    fill: ${({ theme }) => theme.colors.inkSoft};
  }
  svg .bar {
    fill: ${({ theme }) => theme.colors.accent};
  }
  svg .axis {
    stroke: ${({ theme }) => theme.colors.inkSoft};
  }
  svg .grid {
    stroke: ${({ theme }) => theme.colors.line};
    stroke-dasharray: 4 4;
  }
  details {
    margin-top: 1rem;
  }
  summary {
    cursor: pointer;
    padding: 0.5rem 0;
    color: ${({ theme }) => theme.colors.accentStrong};
  }
`;

/** What the chart shows, in one sentence: the caption screen readers hear before the table. */
function summary(days: readonly RegistrationDay[]): string {
  const total = days.reduce((sum, day) => sum + day.registrations, 0);
  if (total === 0) return `Registrations per day, last ${days.length} days: none.`;
  const busiest = days.reduce((best, day) => (day.registrations > best.registrations ? day : best));
  return `Registrations per day, last ${days.length} days: ${formatCount(total)} in all, most on ${formatDay(busiest.date)} (${formatCount(busiest.registrations)}).`;
}

/**
 * A column per day (hidden from screen readers) over the same numbers as a table, folded away under
 * the chart: the caption says the total and the busiest day, the table gives every day.
 */
export function RegistrationsChart({ days }: { days: readonly RegistrationDay[] }) {
  const captionId = useId();
  const largest = Math.max(1, ...days.map((day) => day.registrations));
  const slot = 100 / Math.max(1, days.length);
  const first = days[0];
  const last = days.at(-1);
  return (
    <Figure aria-labelledby={captionId}>
      <figcaption id={captionId}>{summary(days)}</figcaption>
      <svg aria-hidden="true" focusable="false" height={CHART_HEIGHT + LABEL_ROOM}>
        <line className="grid" x1="0" x2="100%" y1="0.5" y2="0.5" />
        <text x="100%" y="-6" textAnchor="end">
          {formatCount(largest)}
        </text>
        {days.map((day, index) => {
          const height = (day.registrations / largest) * CHART_HEIGHT;
          return (
            <rect
              key={day.date}
              className="bar"
              data-date={day.date}
              x={`${index * slot + slot * 0.15}%`}
              width={`${slot * 0.7}%`}
              y={CHART_HEIGHT - height}
              height={height}
            />
          );
        })}
        <line className="axis" x1="0" x2="100%" y1={CHART_HEIGHT + 0.5} y2={CHART_HEIGHT + 0.5} />
        {first && (
          <text x="0" y={CHART_HEIGHT + 18}>
            {formatDay(first.date)}
          </text>
        )}
        {last && (
          <text x="100%" y={CHART_HEIGHT + 18} textAnchor="end">
            {formatDay(last.date)}
          </text>
        )}
      </svg>
      <details>
        <summary>Registrations per day as a table</summary>
        <DataTable aria-labelledby={captionId}>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Registrations</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">
                  <time dateTime={day.date}>{formatDay(day.date)}</time>
                </th>
                <td>{formatCount(day.registrations)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </details>
    </Figure>
  );
}
