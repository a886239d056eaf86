/**
 * Credentials never appear in anything we print. A URL may carry user info
 * (`https://user:secret@host/`); the config refuses such URLs, but text that reaches a
 * message, log or report from elsewhere (an environment variable, a server's error, an
 * echoed value) is passed through here first.
 */

const USER_INFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@'"`<>]+@/gi;

/** Replaces the user info of every URL in a text with `***`. */
export function redactUrls(text: string): string {
  return text.replace(USER_INFO, '$1***@');
}
