import '@testing-library/jest-dom';
import { setupServer } from 'msw/node';
import { handlers } from '../../src/mocks/handlers';

export const mswServer = setupServer(...handlers);

// An API call no test expected fails the test loudly instead of hanging or passing by accident.
beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  mswServer.resetHandlers();
  // Each test starts as a new visitor: no registration draft or token left by the one before.
  sessionStorage.clear();
  localStorage.clear();
});
afterAll(() => mswServer.close());
