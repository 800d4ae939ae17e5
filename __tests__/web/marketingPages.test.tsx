import { act, fireEvent, screen, within } from '@testing-library/react';
import { Globals } from '@react-spring/web';
import { brand } from '../../src/config/brand';
import { renderRoute } from './renderWithProviders';

Globals.assign({ requestAnimationFrame: (callback) => requestAnimationFrame(callback) });

const link = (name: string | RegExp, scope: HTMLElement = document.body) =>
  within(scope).getByRole('link', { name });

function expectNewTab(element: HTMLElement, href: string) {
  expect(element).toHaveAttribute('href', href);
  expect(element).toHaveAttribute('target', '_blank');
  expect(element).toHaveAttribute('rel', 'noopener noreferrer');
}

function expectHeader() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  expect(link(brand.assistantName, nav)).toHaveAttribute('href', '/becca');
  expect(link('Communities', nav)).toHaveAttribute('href', '/communities');
  expectNewTab(link(/^Events/, nav), `${brand.appUrl}${brand.eventsPath}`);
  expectNewTab(link(/^Sign In/, nav), brand.appUrl);
  expect(link(`${brand.productName} home`, screen.getAllByRole('banner')[0])).toHaveAttribute('href', '/');
}

describe('/', () => {
  test('header, the two promises as buttons, the phone, Request Access, Privacy and Terms', async () => {
    renderRoute('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: `${brand.productName}, ${brand.tagline}` }),
    ).toBeInTheDocument();
    expectHeader();
    const connect = screen.getByRole('button', { name: 'Get Connected With Anyone' });
    const deepen = screen.getByRole('button', { name: 'Deepen Your Connections' });
    expect(connect.closest('h2')).not.toBeNull();
    expect(deepen).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('img', { name: /Sample chats with Becca/ })).toBeInTheDocument();
    expect(link('Request Access')).toHaveAttribute('href', '/join');
    const main = screen.getByRole('main');
    expect(link('Privacy', main)).toHaveAttribute('href', '/privacy');
    expect(link('Terms', main)).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(brand.company.legalName);
  });

  test('explains what Becca is, and that it is not a dating app', async () => {
    renderRoute('/');
    const about = await screen.findByRole('region', { name: 'What is Becca?' });
    expect(about).toHaveTextContent(/WhatsApp/);
    expect(about).toHaveTextContent(/not a dating or matchmaking app/);
  });

  test('demo profile pictures reserve their size', async () => {
    renderRoute('/');
    await screen.findByRole('main');
    for (const image of Array.from(document.querySelectorAll('main img'))) {
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
    }
  });
});

describe('/becca', () => {
  test('intro video, header, the hero and Request Access', async () => {
    renderRoute('/becca');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Meet Becca, proactive AI for your relationships',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Becca intro video' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Becca introduces you to the right people and keeps you connected to everyone who matters',
      ),
    ).toBeInTheDocument();
    expectHeader();
    expect(link('Request Access')).toHaveAttribute('href', '/join');
  });

  test('the dark footer: manifesto, logo, labelled social links in new tabs, copyright and legal link', async () => {
    renderRoute('/becca');
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent(/The best things in life come through people/);
    expect(link(`${brand.productName} home`, footer)).toHaveAttribute('href', '/');
    expectNewTab(link(/Becca on X/, footer), brand.socialLinks.x);
    expectNewTab(link(/Becca on Instagram/, footer), brand.socialLinks.instagram);
    expectNewTab(link(/Becca on YouTube/, footer), brand.socialLinks.youtube);
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} ${brand.company.legalName}`);
    expect(link('Terms of Service & Privacy Policy', footer)).toHaveAttribute('href', '/terms');
  });
});

describe('/how-it-works', () => {
  test('the three steps, the fixed Join us link and the closing banner; no site header', async () => {
    renderRoute('/how-it-works');
    expect(await screen.findByRole('heading', { level: 1, name: 'How Becca works' })).toBeInTheDocument();
    const steps = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(steps).toEqual([
      "Meet Becca: Tell her who you're looking for",
      'Get Introduced',
      'Connect',
      'The AI Social Network!',
    ]);
    expect(screen.getByText('Match with double opt-in connections via group chats')).toBeInTheDocument();
    expect(screen.getByText(/connected to the Future Cities exhibition/)).toBeInTheDocument();
    const profile = screen.getByRole('region', { name: 'Sample profile: Maya' });
    for (const detail of ['Maya, 29', 'London, Shoreditch', 'Exhibition curator', 'Goldsmiths']) {
      expect(profile).toHaveTextContent(detail);
    }
    expect(screen.getByRole('figure', { name: 'Sample group chat' })).toHaveTextContent(/You both said yes/);
    expect(link('Join us')).toHaveAttribute('href', '/join');
    expect(screen.queryByRole('link', { name: /Sign In/ })).not.toBeInTheDocument();
  });

  test('sample messages appear 500, 1200 and 1700 ms after the video', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      renderRoute('/how-it-works');
      const chat = await screen.findByRole('figure', { name: 'Sample chat: asking for an introduction' });
      const stages = () =>
        Array.from(chat.querySelectorAll('[data-stage]'), (el) => el.getAttribute('data-stage'));
      act(() => jest.advanceTimersByTime(5000));
      expect(stages()).toEqual(['hidden', 'hidden', 'hidden']);
      fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
      const skippedAt = jest.now();
      for (const [at, expected] of [
        [499, ['hidden', 'hidden', 'hidden']],
        [500, ['growing', 'hidden', 'hidden']],
        [1200, ['visible', 'growing', 'hidden']],
        [1700, ['visible', 'visible', 'growing']],
        [2000, ['visible', 'visible', 'visible']],
      ] as const) {
        act(() => jest.advanceTimersByTime(skippedAt + at - jest.now()));
        expect(stages()).toEqual(expected);
      }
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('/communities', () => {
  test('for organisers: what members get, shared invite links, contact and Join us', async () => {
    renderRoute('/communities');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Becca for communities' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What Becca does for your members' })).toBeInTheDocument();
    const invites = screen.getByRole('region', { name: 'How shared invite links work' });
    expect(invites).toHaveTextContent('/join?code=');
    expect(invites).toHaveTextContent(/how many people can use it and when it\s+expires/);
    const contact = screen.getByRole('region', { name: 'Get in touch' });
    expect(link(brand.contactEmail, contact)).toHaveAttribute('href', `mailto:${brand.contactEmail}`);
    expect(link('Join us')).toHaveAttribute('href', '/join');
    expect(screen.queryByRole('link', { name: /Sign In/ })).not.toBeInTheDocument();
  });
});
