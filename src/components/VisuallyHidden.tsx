import styled from '@emotion/styled';

/** Text for screen readers only. */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

/** Said after the name of a link that opens in a new tab. */
export function NewTabHint() {
  return <VisuallyHidden> (opens in a new tab)</VisuallyHidden>;
}
