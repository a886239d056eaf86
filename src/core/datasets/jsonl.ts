/**
 * JSON Lines: one JSON object a line, blank lines ignored. Errors name the line and what
 * would fix it; a half-written last line (an interrupted writer) is reported, not skipped.
 */
import { configError } from '../errors.ts';

/** One parsed line with its 1-based line number. */
export interface JsonlRow {
  line: number;
  value: Record<string, unknown>;
}

/** Parses JSONL text into objects; throws a ConfigError naming `file:line`. */
export function parseJsonl(text: string, file: string): JsonlRow[] {
  const rows: JsonlRow[] = [];
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  lines.forEach((raw, index) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw configError(
        { file, line: index + 1 },
        `not valid JSON (${(error as Error).message}); each line must be one JSON object`,
      );
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw configError({ file, line: index + 1 }, 'each line must be a JSON object');
    }
    rows.push({ line: index + 1, value: value as Record<string, unknown> });
  });
  return rows;
}

/** Decodes bytes as strict UTF-8, naming the file when they are not. */
export function decodeUtf8(bytes: Uint8Array, file: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw configError({ file }, 'not valid UTF-8; save the file as UTF-8');
  }
}
