import { http, HttpResponse } from 'msw';

/**
 * The one set of API stand-ins, shared by jest (`setupServer`) and any in-browser mock mode.
 * They answer like the real server's happy path; tests override them per case with `server.use`.
 */
export const handlers = [http.get('*/health', () => HttpResponse.json({ status: 'ok' }))];
