import styled from '@emotion/styled';
import { useState } from 'react';
import type { FaqSection } from './faqContent';
import { sectionAnchorId } from './sectionAnchor';

const Section = styled.section`
  margin-top: 2.5rem;
  scroll-margin-top: 1rem;
  h2 {
    font-size: 1.6rem;
    margin: 0 0 0.75rem;
  }
`;

const Item = styled.div`
  border-bottom: 1px solid ${({ theme }) => theme.colors.line};
  h3 {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: 1.05rem;
    font-weight: 600;
  }
`;

const QuestionButton = styled.button`
  width: 100%;
  display: flex;
  justify-content: space-between;
  gap: 1rem;
  align-items: center;
  padding: 1rem 0;
  border: 0;
  background: none;
  color: inherit;
  text-align: left;
  font-weight: 600;
  cursor: pointer;
  min-height: 48px;
  &::after {
    content: '+';
    font-size: 1.4rem;
    line-height: 1;
    flex: none;
  }
  &[aria-expanded='true']::after {
    content: '−';
  }
`;

const Answer = styled.div`
  padding: 0 0 1.25rem;
  color: ${({ theme }) => theme.colors.inkSoft};
  p {
    margin: 0;
  }
`;

/** Collapsible FAQ: one question open at a time across all sections, and it can be closed again. */
export function FaqAccordion({ sections }: { sections: readonly FaqSection[] }) {
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <>
      {sections.map((section) => {
        const anchor = sectionAnchorId(section.title);
        return (
          <Section key={anchor} id={anchor} aria-labelledby={`${anchor}-title`}>
            <h2 id={`${anchor}-title`}>{section.title}</h2>
            {section.questions.map(({ id, question, answer }) => {
              const open = openId === id;
              return (
                <Item key={id}>
                  <h3>
                    <QuestionButton
                      type="button"
                      id={`faq-${id}-button`}
                      aria-expanded={open}
                      aria-controls={`faq-${id}-answer`}
                      onClick={() => setOpenId(open ? null : id)}
                    >
                      {question}
                    </QuestionButton>
                  </h3>
                  <Answer
                    id={`faq-${id}-answer`}
                    role="region"
                    aria-labelledby={`faq-${id}-button`}
                    hidden={!open}
                  >
                    <p>{answer}</p>
                  </Answer>
                </Item>
              );
            })}
          </Section>
        );
      })}
    </>
  );
}
