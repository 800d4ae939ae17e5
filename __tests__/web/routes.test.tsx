import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routePaths } from '../../src/shared/routePaths';
import { renderRoute } from './renderWithProviders';

test.each(Object.values(routePaths))(
  '%s renders a page with a main heading, not the 404 page',
  async (path) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Oops! Page not found')).not.toBeInTheDocument();
  },
);

test('any other path shows the 404 page, logs the path and links home', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const user = userEvent.setup();
  const { router } = renderRoute('/definitely/not/here');
  expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('/definitely/not/here'));
  await user.click(screen.getByRole('link', { name: 'Return to Home' }));
  expect(router.state.location.pathname).toBe('/');
  warn.mockRestore();
});

test('a route that throws shows "Unexpected Application Error!" with its message', async () => {
  const { createMemoryRouter, RouterProvider } = await import('react-router-dom');
  const { renderWithProviders } = await import('./renderWithProviders');
  const { default: RouteErrorPage } = await import('../../src/pages/RouteErrorPage');
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteErrorPage />,
        loader: () => {
          throw new Response('Gone for good', { status: 410, statusText: 'Gone' });
        },
        // What shows while the loader runs (react-router warns when a route with a loader has none).
        HydrateFallback: () => null,
        Component: () => null,
      },
    ],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('410 Gone');
  error.mockRestore();
});

test('the privacy policy has its ten sections and the terms fifteen', async () => {
  renderRoute('/privacy');
  expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(10);
  expect(screen.getByText('Effective date: 04/08/2025')).toBeInTheDocument();
});
