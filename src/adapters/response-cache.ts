/**
 * A content-addressed response cache on disk: a re-run costs nothing for calls it has
 * already made. The key is a versioned sha256 of canonical JSON of the endpoint, model,
 * messages, generation settings and repeat index — never the key or any header. Only
 * successful replies are stored, each written to a temporary file and renamed (never
 * through a symlink below the cache folder), so
 * concurrent runs and a killed process can never leave a half-written entry; an entry
 * that does not parse is treated as a miss and replaced.
 *
 * Every entry carries a MAC (integrity.ts) keyed by a secret the run holds. An entry that
 * does not verify — written by hand, committed by a pull request, edited — is ignored,
 * counted (`rejected`, named in the report) and replaced by a real call.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { confinedDir } from './confined-dir.ts';
import { canonicalJson, sha256Hex } from '../core/hash.ts';
import type { Authenticator, ModelClient, ModelReply, ModelRequest } from '../ports.ts';

/** Bump when the key material or the stored shape changes. */
export const CACHE_VERSION = 2;

/** Counters for the report. */
export interface CacheStats {
  hits: number;
  misses: number;
  writes: number;
  /** Entries found that failed authentication, ignored. */
  rejected: number;
}

/** A cached client and its counters. */
export interface CachedClient extends ModelClient {
  cacheStats(): CacheStats;
  /** Whether a request is already cached (for `evalgate plan`). */
  has(request: ModelRequest): Promise<boolean>;
}

/** The cache key of a request at an endpoint. */
export function cacheKey(endpoint: string, model: string, request: ModelRequest): string {
  return sha256Hex(
    canonicalJson({
      v: CACHE_VERSION,
      endpoint,
      model,
      messages: request.messages,
      temperature: request.temperature,
      seed: request.seed,
      maxTokens: request.maxTokens,
      jsonSchema: request.jsonSchema ?? null,
      repeat: request.repeat,
      ...(request.callKey !== undefined ? { callKey: request.callKey } : {}),
    }),
  );
}

/** Whether the cache in `dir` answers a request (for `evalgate plan`). */
export async function isCachedRequest(
  dir: string,
  endpoint: string,
  model: string,
  request: ModelRequest,
  auth: Authenticator,
): Promise<boolean> {
  const key = cacheKey(endpoint, model, request);
  const found = await readEntry(join(dir, key.slice(0, 2), `${key}.json`), key, auth);
  return found !== null && found !== 'rejected';
}

const macOf = (auth: Authenticator, key: string, reply: unknown): string => auth.tag(canonicalJson({ key, reply }));

/** An entry's reply; null when there is none; 'rejected' when one is there but does not verify. */
async function readEntry(path: string, key: string, auth: Authenticator): Promise<ModelReply | null | 'rejected'> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return null;
  }
  try {
    const entry = JSON.parse(text) as { v?: number; key?: string; reply?: ModelReply; mac?: string };
    if (
      entry.v !== CACHE_VERSION ||
      entry.key !== key ||
      entry.reply?.status !== 'ok' ||
      entry.mac !== macOf(auth, key, entry.reply)
    )
      return 'rejected';
    return entry.reply;
  } catch {
    return null; // a torn write: a miss, replaced
  }
}

/** Wraps a client with the cache in `dir`. `endpoint` is the base URL without credentials. */
export function createCachedClient(
  inner: ModelClient,
  options: { dir: string; endpoint: string; model: string; auth: Authenticator },
): CachedClient {
  const stats: CacheStats = { hits: 0, misses: 0, writes: 0, rejected: 0 };
  // Entries are written below the cache folder without following a symlink (confined-dir.ts).
  const store = confinedDir(options.dir);
  const pathOf = (key: string): string => join(options.dir, key.slice(0, 2), `${key}.json`);
  const read = async (key: string): Promise<ModelReply | null> => {
    const found = await readEntry(pathOf(key), key, options.auth);
    if (found !== 'rejected') return found;
    stats.rejected++;
    return null;
  };
  return {
    label: inner.label,
    cacheStats: () => ({ ...stats }),
    has: async (request) => isCachedRequest(options.dir, options.endpoint, options.model, request, options.auth),
    complete: async (request) => {
      const key = cacheKey(options.endpoint, options.model, request);
      const hit = await read(key);
      if (hit) {
        stats.hits++;
        return { ...hit, trace: { attempts: 0, cached: true } };
      }
      stats.misses++;
      const reply = await inner.complete(request);
      if (reply.status === 'ok') {
        const { trace: _trace, ...stored } = reply;
        await store.writeAtomic(
          `${key.slice(0, 2)}/${key}.json`,
          `${JSON.stringify({ v: CACHE_VERSION, key, model: options.model, reply: stored, mac: macOf(options.auth, key, stored) })}\n`,
        );
        stats.writes++;
      }
      return reply;
    },
  };
}
