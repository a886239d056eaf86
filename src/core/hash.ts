/**
 * Content hashes and canonical JSON. sha256 comes from @noble/hashes, an audited pure-JS
 * implementation, so the core stays free of `node:crypto` and runs anywhere.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/** Each byte's two hex digits. */
const BYTE_HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/**
 * Bytes as lowercase hex, in one flat string (Array.prototype.join makes a flat string).
 * @noble/hashes' bytesToHex appends two digits at a time, and V8 keeps such a string as a
 * tree of 32 concatenations (about 1 KB for a 64-digit hash) until something flattens it;
 * every case keeps its input hash, so at 100,000 cases those trees were 80 MB, more than
 * the cases' own text.
 */
export function hexOf(bytes: Uint8Array): string {
  const parts = new Array<string>(bytes.length);
  for (let i = 0; i < bytes.length; i++) parts[i] = BYTE_HEX[bytes[i] as number] as string;
  return parts.join('');
}

/** Hex sha256 of bytes, or of a string's UTF-8 bytes. */
export function sha256Hex(data: Uint8Array | string): string {
  return hexOf(sha256(typeof data === 'string' ? utf8ToBytes(data) : data));
}

/**
 * Hex sha256 of texts taken in turn, each followed by a newline: the digest of a long
 * sequence without a string that holds it all.
 */
export function sha256OfLines(lines: Iterable<string>): string {
  const hash = sha256.create();
  for (const line of lines) hash.update(utf8ToBytes(`${line}\n`));
  return hexOf(hash.digest());
}

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

/** A short hash of a value's canonical JSON, for identities and input hashes. */
export function hashValue(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

/**
 * Text as identity sees it: a leading byte-order mark removed, CRLF and lone CR turned
 * into LF. Line endings and a BOM are how a file was saved (a Windows editor, git's
 * core.autocrlf), not what it says, so a re-saved dataset pairs with its baseline. LF
 * text without a BOM is unchanged, so hashes written before this rule still match.
 * Only ids, input hashes and content hashes use it; what is sent keeps the exact text.
 */
export function identityText(text: string): string {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return body.includes('\r') ? body.replace(/\r\n?/g, '\n') : body;
}

/** identityText applied to every string in a value (objects and arrays walked). */
export function identityValue<T>(value: T): T {
  if (typeof value === 'string') return identityText(value) as T;
  if (Array.isArray(value)) return value.map(identityValue) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, identityValue(v)])) as T;
  }
  return value;
}

/** identityText on bytes: a leading UTF-8 BOM dropped, CRLF and lone CR made LF. Other bytes are untouched. */
export function identityBytes(bytes: Uint8Array): Uint8Array {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if (start === 0 && !bytes.includes(0x0d)) return bytes;
  const out = new Uint8Array(bytes.length - start);
  let n = 0;
  for (let i = start; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (b === 0x0d) {
      out[n++] = 0x0a;
      if (bytes[i + 1] === 0x0a) i++;
    } else {
      out[n++] = b;
    }
  }
  return out.subarray(0, n);
}

/** sha256 of bytes as identity sees them (identityBytes). */
export function contentSha256(bytes: Uint8Array): string {
  return sha256Hex(identityBytes(bytes));
}
