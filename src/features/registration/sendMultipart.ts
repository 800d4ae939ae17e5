import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export type MultipartResult<T> = { data: T } | { error: FetchBaseQueryError };

/**
 * POSTs a FormData with XMLHttpRequest rather than fetch, because only XHR reports upload progress,
 * and a photo on a phone's connection can take long enough that a person needs to see it moving.
 * Answers in RTK Query's `{ data } | { error }` shape, so it slots into a `queryFn`.
 */
export function sendMultipart<T>(
  url: string,
  body: FormData,
  onUploadProgress: (fraction: number) => void,
): Promise<MultipartResult<T>> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress(event.loaded / event.total);
    };
    // The body has gone in full: progress events may skip the end when it is small.
    request.upload.onload = () => onUploadProgress(1);
    request.onload = () => {
      let json: unknown;
      try {
        json = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        resolve({
          error: {
            status: 'PARSING_ERROR',
            originalStatus: request.status,
            data: request.responseText,
            error: 'Not JSON',
          },
        });
        return;
      }
      if (request.status >= 200 && request.status < 300) resolve({ data: json as T });
      else resolve({ error: { status: request.status, data: json } });
    };
    request.onerror = () =>
      resolve({ error: { status: 'FETCH_ERROR', error: 'The network request failed' } });
    request.ontimeout = () => resolve({ error: { status: 'TIMEOUT_ERROR', error: 'The request timed out' } });
    request.send(body);
  });
}
