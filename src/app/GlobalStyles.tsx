import { css, Global } from '@emotion/react';
import { theme } from '../shared/theme';

// Two files, both preloaded by index.html: Inter is one variable file covering weights 400 to 600.
const fontFaces = [
  { family: 'Inter', weight: '400 600', file: 'inter-variable' },
  { family: 'DM Serif Display', weight: '400', file: 'dm-serif-display-400' },
];

const globalStyles = css`
  ${fontFaces
    .map(
      ({ family, weight, file }) => `@font-face {
        font-family: '${family}';
        font-style: normal;
        font-weight: ${weight};
        font-display: swap;
        src: url('/fonts/${file}.woff2') format('woff2');
      }`,
    )
    .join('\n')}

  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  html {
    -webkit-text-size-adjust: 100%;
  }
  body {
    margin: 0;
    font-family: ${theme.fonts.body};
    font-size: 1rem;
    line-height: 1.6;
    color: ${theme.colors.ink};
    background: ${theme.colors.paper};
    -webkit-font-smoothing: antialiased;
  }
  h1,
  h2,
  h3 {
    font-family: ${theme.fonts.display};
    font-weight: 400;
    line-height: 1.15;
  }
  a {
    color: ${theme.colors.accentStrong};
  }
  /* 16 px inputs: phones do not zoom in on focus, so pinch-zoom can stay enabled (WCAG 1.4.4). */
  input,
  select,
  textarea,
  button {
    font: inherit;
    font-size: max(1rem, 16px);
  }
  :focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      scroll-behavior: auto !important;
    }
  }
`;

export function GlobalStyles() {
  return <Global styles={globalStyles} />;
}
