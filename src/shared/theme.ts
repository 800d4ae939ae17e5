export const theme = {
  colors: {
    ink: '#15151c',
    inkSoft: '#4a4a57',
    paper: '#fbfaf7',
    paperRaised: '#ffffff',
    night: '#0f0f14',
    accent: '#a8551f',
    accentStrong: '#8a4214',
    gold: '#f6c453',
    line: '#e4e1da',
    error: '#b3261e',
    success: '#1e6b3a',
    focus: '#1a5fd0',
  },
  fonts: {
    body: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    display: "'DM Serif Display', Georgia, 'Times New Roman', serif",
  },
  /** The mobile and header breakpoint is 768 px. */
  media: {
    mobile: '@media (max-width: 767.98px)',
    desktop: '@media (min-width: 768px)',
  },
  radius: { small: '8px', large: '20px', pill: '999px' },
  contentWidth: '72rem',
  readingWidth: '46rem',
} as const;

export type AppTheme = typeof theme;

declare module '@emotion/react' {
  export interface Theme extends AppTheme {}
}
