/**
 * Git LFS pointers. A repository that keeps a dataset in Git LFS commits a small text file
 * in its place (`version https://git-lfs.github.com/spec/v1`, the content's sha256 and
 * size); a checkout without LFS, or `git show` of a commit, gives that pointer, not the
 * data. Read as data it would be a wrong dataset or a puzzling parse error, so every
 * workspace read checks for one: the git-backed workspace reads the content it points to
 * when it can, and anything left a pointer is an error that says how to fix the checkout.
 */

/** What a pointer names. */
export interface LfsPointer {
  /** The content's sha256, lowercase hex. */
  oid: string;
  /** The content's size in bytes. */
  size: number;
}

const HEADER = 'version https://git-lfs.github.com/spec/v1\n';
/** Pointers are small; anything larger is content, whatever it starts with. */
const MAX_POINTER_BYTES = 1024;

/** The pointer these bytes are, or null when they are content. */
export function parseLfsPointer(bytes: Uint8Array): LfsPointer | null {
  if (bytes.length > MAX_POINTER_BYTES || bytes.length < HEADER.length) return null;
  const text = new TextDecoder().decode(bytes);
  if (!text.startsWith(HEADER)) return null;
  const oid = /^oid sha256:([0-9a-f]{64})$/m.exec(text)?.[1];
  const size = /^size (\d+)$/m.exec(text)?.[1];
  if (oid === undefined || size === undefined) return null;
  return { oid, size: Number(size) };
}

/** The fix for a pointer in the checkout, for messages. */
export const LFS_CHECKOUT_FIX =
  'check out with `lfs: true` (actions/checkout) so the content is present, or keep the file out of Git LFS';

/**
 * A byte stream that throws `fail(pointer)` before yielding anything when the whole stream is
 * a Git LFS pointer; any other stream passes through unchanged. A pointer is at most
 * MAX_POINTER_BYTES, so only that much is held back.
 */
export async function* refuseLfsPointer(
  stream: AsyncIterable<Uint8Array>,
  fail: (pointer: LfsPointer) => Error,
): AsyncGenerator<Uint8Array> {
  const it = stream[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let size = 0;
  while (size <= MAX_POINTER_BYTES) {
    const next = await it.next();
    if (next.done) {
      const whole = new Uint8Array(size);
      let at = 0;
      for (const chunk of head) {
        whole.set(chunk, at);
        at += chunk.length;
      }
      const pointer = parseLfsPointer(whole);
      if (pointer) throw fail(pointer);
      if (size > 0) yield whole;
      return;
    }
    head.push(next.value);
    size += next.value.length;
  }
  yield* head;
  for (;;) {
    const next = await it.next();
    if (next.done) return;
    yield next.value;
  }
}
