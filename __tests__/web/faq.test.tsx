import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FaqAccordion } from '../../src/features/faq/FaqAccordion';
import { faqSections, type FaqSection } from '../../src/features/faq/faqContent';
import { sectionAnchorId } from '../../src/features/faq/sectionAnchor';
import { renderRoute, renderWithProviders } from './renderWithProviders';

const sections: FaqSection[] = [
  {
    title: 'Invites, Waitlist & Joining',
    questions: [
      { id: 'q1', question: 'How do I get an invite?', answer: 'From an organiser.' },
      { id: 'q2', question: 'Is there a waitlist?', answer: 'Yes, leave your number.' },
    ],
  },
  { title: 'Cost', questions: [{ id: 'q3', question: 'Is it free?', answer: 'Yes, for now.' }] },
];

describe('section anchors', () => {
  test.each([
    ['Invites, Waitlist & Joining', 'invites-waitlist-joining'],
    ['About Becca', 'about-becca'],
    ['Cost, Privacy & Safety', 'cost-privacy-safety'],
    ['WhatsApp & Your First Call', 'whatsapp-your-first-call'],
  ])('%s → #%s', (title, anchor) => {
    expect(sectionAnchorId(title)).toBe(anchor);
  });

  test('every real section gets a unique anchor and every question a unique id', () => {
    const anchors = faqSections.map((section) => sectionAnchorId(section.title));
    expect(new Set(anchors).size).toBe(anchors.length);
    const ids = faqSections.flatMap((section) => section.questions.map((question) => question.id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('FAQ accordion', () => {
  test('starts closed; opening one question closes the other; it can be closed again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FaqAccordion sections={sections} />);
    const first = screen.getByRole('button', { name: 'How do I get an invite?' });
    const second = screen.getByRole('button', { name: 'Is there a waitlist?' });
    const third = screen.getByRole('button', { name: 'Is it free?' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('From an organiser.')).not.toBeVisible();

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'How do I get an invite?' })).toHaveTextContent(
      'From an organiser.',
    );

    await user.click(third);
    expect(third).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('From an organiser.')).not.toBeVisible();

    await user.click(third);
    expect(third).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Is it free?' })).not.toBeInTheDocument();
  });

  test('works from the keyboard', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FaqAccordion sections={sections} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'How do I get an invite?' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'How do I get an invite?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  test('sections are labelled landmarks with their anchor ids', () => {
    renderWithProviders(<FaqAccordion sections={sections} />);
    const section = screen.getByRole('region', { name: 'Invites, Waitlist & Joining' });
    expect(section).toHaveAttribute('id', 'invites-waitlist-joining');
    expect(within(section).getAllByRole('button')).toHaveLength(2);
  });
});

test('the /faq route shows the real questions', async () => {
  renderRoute('/faq');
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: faqSections[0]!.questions[0]!.question })).toBeInTheDocument();
});
