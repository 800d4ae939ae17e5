import '@testing-library/jest-dom';
import { setupServer } from 'msw/node';
import { handlers } from '../../src/mocks/handlers';

export const mswServer = setupServer(...handlers);

// An API call no test expected fails the test loudly instead of hanging or passing by accident.
beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mswServer.resetHandlers());
afterAll(() => mswServer.close());
