import styled from '@emotion/styled';
import { useId } from 'react';
import type { FunnelCounts } from '../../domain/contracts/adminOverview';
import { funnelStages, type FunnelStage } from '../../domain/funnel';
import { formatCount, formatShare } from './consoleFormat';

export const stageNames: Record<FunnelStage, string> = {
  issued: 'Codes issued',
  checked: 'Codes checked',
  registered: 'Registered',
  linked: 'Linked on WhatsApp',
  onboarded: 'Onboarded',
};

const ROW_HEIGHT = 46;
const BAR_HEIGHT = 16;

export const Figure = styled.figure`
  margin: 0;
  display: grid;
  gap: 1rem 2rem;
  align-items: start;
  figcaption {
    font-weight: 600;
  }
  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    figcaption {
      grid-column: 1 / -1;
    }
  }
  svg {
    display: block;
    width: 100%;
    overflow: visible;
  }
  svg text {
    font-size: 14px;
    fill: ${({ theme }) => theme.colors.ink};
  }
  svg .track {
    fill: ${({ theme }) => theme.colors.line};
  }
  svg .bar {
    fill: ${({ theme }) => theme.colors.accent};
  }
`;

export const DataTable = styled.table`
  border-collapse: collapse;
  width: 100%;
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: 0.4rem 0.6rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.line};
    text-align: right;
  }
  tr > :first-child {
    text-align: left;
    padding-left: 0;
  }
  thead th {
    font-size: 0.9rem;
    color: ${({ theme }) => theme.colors.inkSoft};
    font-weight: 600;
  }
  tbody th {
    font-weight: 400;
  }
`;

/**
 * One funnel as bars (for the eye; hidden from screen readers) and as a table (for everyone): each
 * stage's count and its share of the stage before. The bars share one scale, the largest stage.
 */
export function FunnelChart({ counts, caption }: { counts: FunnelCounts; caption: string }) {
  const captionId = useId();
  const largest = Math.max(1, ...funnelStages.map((stage) => counts[stage]));
  return (
    <Figure aria-labelledby={captionId}>
      <figcaption id={captionId}>{caption}</figcaption>
      <svg aria-hidden="true" focusable="false" height={funnelStages.length * ROW_HEIGHT}>
        {funnelStages.map((stage, index) => {
          const top = index * ROW_HEIGHT;
          const width = `${(counts[stage] / largest) * 100}%`;
          return (
            <g key={stage} data-stage={stage}>
              <text x="0" y={top + 14}>
                {stageNames[stage]}: {formatCount(counts[stage])}
              </text>
              <rect className="track" x="0" y={top + 22} width="100%" height={BAR_HEIGHT} rx="3" />
              <rect className="bar" x="0" y={top + 22} width={width} height={BAR_HEIGHT} rx="3" />
            </g>
          );
        })}
      </svg>
      <DataTable aria-labelledby={captionId}>
        <thead>
          <tr>
            <th scope="col">Stage</th>
            <th scope="col">Count</th>
            <th scope="col">Of the stage before</th>
          </tr>
        </thead>
        <tbody>
          {funnelStages.map((stage, index) => {
            const before = index > 0 ? counts[funnelStages[index - 1]!] : undefined;
            return (
              <tr key={stage}>
                <th scope="row">{stageNames[stage]}</th>
                <td>{formatCount(counts[stage])}</td>
                <td>{before === undefined ? '' : formatShare(counts[stage], before)}</td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
    </Figure>
  );
}
