import '@testing-library/jest-dom';
import { setupServer } from 'msw/node';
import { handlers } from '../../src/mocks/handlers';

export const mswServer = setupServer(...handlers);

// jsdom has no canvas. Answer as a browser without 2D canvas support does (null, which the app
// handles) rather than with jsdom's "Not implemented" error on the console. Tests that need a
// canvas spy on getContext themselves.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

// An API call no test expected fails the test loudly instead of hanging or passing by accident.
beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  mswServer.resetHandlers();
  // Each test starts as a new visitor: no registration draft or token left by the one before.
  sessionStorage.clear();
  localStorage.clear();
});
afterAll(() => mswServer.close());
