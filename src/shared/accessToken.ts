/** The registered user's access token lives in local storage under one fixed key. */
export const ACCESS_TOKEN_STORAGE_KEY = 'becca.accessToken';

export function storeAccessToken(token: string): void {
  try {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
  } catch {
    // Private browsing may refuse storage; the registration itself has succeeded regardless.
  }
}

export function readAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}
