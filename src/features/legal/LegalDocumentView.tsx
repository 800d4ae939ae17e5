import styled from '@emotion/styled';
import type { LegalDocument } from './legalDocument';

const Article = styled.article`
  h1 {
    font-size: clamp(2rem, 6vw, 3rem);
    margin: 1rem 0 0.25rem;
  }
  h2 {
    font-size: 1.45rem;
    margin: 2.25rem 0 0.5rem;
    scroll-margin-top: 1rem;
  }
  ul {
    padding-left: 1.25rem;
  }
  li + li {
    margin-top: 0.35rem;
  }
`;

const Effective = styled.p`
  color: ${({ theme }) => theme.colors.inkSoft};
  margin-top: 0;
`;

const Contents = styled.nav`
  background: ${({ theme }) => theme.colors.paperRaised};
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radius.small};
  padding: 1rem 1.25rem;
  ol {
    margin: 0.5rem 0 0;
    padding-left: 1.25rem;
  }
  a {
    display: inline-block;
    padding: 0.2rem 0;
  }
`;

export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <Article aria-labelledby="legal-title">
      <h1 id="legal-title">{document.title}</h1>
      <Effective>Effective date: {document.effectiveDate}</Effective>
      <p>{document.summary}</p>
      <Contents aria-label="Contents">
        <strong>Contents</strong>
        <ol>
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title.replace(/^\d+\.\s*/, '')}</a>
            </li>
          ))}
        </ol>
      </Contents>
      {document.sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id}>
          <h2 id={section.id}>{section.title}</h2>
          {section.blocks.map((block, index) =>
            typeof block === 'string' ? (
              <p key={index}>{block}</p>
            ) : (
              <ul key={index}>
                {block.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
    </Article>
  );
}
