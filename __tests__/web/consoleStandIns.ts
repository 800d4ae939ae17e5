import { http, HttpResponse, type JsonBodyType } from 'msw';
import { mswServer } from './setupTests';

export interface ConsoleCall {
  method: string;
  path: string;
  query: string;
  body: unknown;
}

/**
 * A signed-in console; `routes` answer the admin routes (method and path → answer), each call recorded.
 * A route without a stand-in answers 500 with a sentence naming it, so a test sees what it forgot.
 */
export function consoleApi(routes: Record<string, (call: ConsoleCall) => Response | JsonBodyType>) {
  const calls: ConsoleCall[] = [];
  mswServer.use(
    http.get('*/api/admin/session', () =>
      HttpResponse.json({ operator: { name: 'Grace', role: 'operator' } }),
    ),
    http.all('*/api/admin/*', async ({ request }) => {
      const url = new URL(request.url);
      const text = request.method === 'GET' ? '' : await request.text();
      const call = {
        method: request.method,
        path: url.pathname,
        query: url.search,
        body: text ? JSON.parse(text) : undefined,
      };
      calls.push(call);
      const answer = routes[`${request.method} ${url.pathname}`];
      if (!answer)
        return HttpResponse.json(
          { detail: `No stand-in for ${request.method} ${url.pathname}` },
          { status: 500 },
        );
      const result = answer(call);
      return result instanceof Response ? result : HttpResponse.json(result);
    }),
  );
  return calls;
}

/** An admin route's refusal: `{detail}` with its status. */
export const failure = (detail: string, status = 422) => HttpResponse.json({ detail }, { status });
