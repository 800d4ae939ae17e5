import { screen, waitFor } from '@testing-library/react';

/**
 * Field messages, errors included, are said by polite live regions (role status) that are always in
 * the page: these find the one saying `text`.
 */
export function queryLiveRegionSaying(text: string): HTMLElement | undefined {
  return screen.queryAllByRole('status').find((region) => region.textContent?.includes(text));
}

export function getLiveRegionSaying(text: string): HTMLElement {
  const region = queryLiveRegionSaying(text);
  if (!region) {
    const said = screen.queryAllByRole('status').map((status) => JSON.stringify(status.textContent));
    throw new Error(`No live region says "${text}"; they say ${said.join(', ') || 'nothing'}`);
  }
  return region;
}

export function findLiveRegionSaying(text: string): Promise<HTMLElement> {
  return waitFor(() => getLiveRegionSaying(text));
}
