/**
 * A content-addressed response cache on disk: a re-run costs nothing for calls it has
 * already made. The key is a versioned sha256 of canonical JSON of the endpoint, model,
 * messages, generation settings and repeat index — never the key or any header. Only
 * successful replies are stored, each written to a temporary file and renamed, so
 * concurrent runs and a killed process can never leave a half-written entry; an entry
 * that does not parse is treated as a miss and replaced.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { canonicalJson, sha256Hex } from '../core/hash.ts';
import type { ModelClient, ModelReply, ModelRequest } from '../ports.ts';

/** Bump when the key material or the stored shape changes. */
export const CACHE_VERSION = 1;

/** Counters for the report. */
export interface CacheStats {
  hits: number;
  misses: number;
  writes: number;
}

/** A cached client and its counters. */
export interface CachedClient extends ModelClient {
  cacheStats(): CacheStats;
  /** Whether a request is already cached (for `evalgate plan`). */
  has(request: ModelRequest): Promise<boolean>;
}

/** The cache key of a request at an endpoint. */
export function cacheKey(endpoint: string, model: string, request: ModelRequest): string {
  return sha256Hex(canonicalJson({
    v: CACHE_VERSION, endpoint, model, messages: request.messages, temperature: request.temperature,
    seed: request.seed, maxTokens: request.maxTokens, jsonSchema: request.jsonSchema ?? null, repeat: request.repeat,
    ...(request.callKey !== undefined ? { callKey: request.callKey } : {}),
  }));
}

/** Whether the cache in `dir` answers a request (for `evalgate plan`). */
export async function isCachedRequest(dir: string, endpoint: string, model: string, request: ModelRequest): Promise<boolean> {
  const key = cacheKey(endpoint, model, request);
  return (await readEntry(join(dir, key.slice(0, 2), `${key}.json`), key)) !== null;
}

async function readEntry(path: string, key: string): Promise<ModelReply | null> {
  try {
    const entry = JSON.parse(await readFile(path, 'utf8')) as { v?: number; key?: string; reply?: ModelReply };
    if (entry.v !== CACHE_VERSION || entry.key !== key || entry.reply?.status !== 'ok') return null;
    return entry.reply;
  } catch {
    return null;
  }
}

/** Wraps a client with the cache in `dir`. `endpoint` is the base URL without credentials. */
export function createCachedClient(inner: ModelClient, options: { dir: string; endpoint: string; model: string }): CachedClient {
  const stats: CacheStats = { hits: 0, misses: 0, writes: 0 };
  const pathOf = (key: string): string => join(options.dir, key.slice(0, 2), `${key}.json`);
  const read = (key: string): Promise<ModelReply | null> => readEntry(pathOf(key), key);
  return {
    label: inner.label,
    cacheStats: () => ({ ...stats }),
    has: async (request) => (await read(cacheKey(options.endpoint, options.model, request))) !== null,
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
        const path = pathOf(key);
        await mkdir(join(options.dir, key.slice(0, 2)), { recursive: true });
        const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
        await writeFile(temp, `${JSON.stringify({ v: CACHE_VERSION, key, model: options.model, reply: stored })}\n`);
        await rename(temp, path);
        stats.writes++;
      }
      return reply;
    },
  };
}
