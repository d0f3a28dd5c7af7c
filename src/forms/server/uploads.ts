/**
 * Application files: recognised by their first bytes (a text file renamed `.pdf` is refused),
 * stored outside any public folder under the SHA-256 of their content, and on disk (fsync'ed)
 * before the row that refers to them is written.
 *
 * All or nothing: a file is written under a temporary `.part` name, every write checked, fsync'ed,
 * read back and compared (size and hash) before it takes its final name; any failure (disk full,
 * permissions, a short write) removes the temporary file and is thrown, so no row can refer to a
 * file that is not whole. A file already stored under the same name is reused only when it is
 * whole; a damaged one is replaced. Async (node:fs/promises): the event loop keeps serving pages
 * while a 10 MB file is written and fsync'ed.
 */
import { createHash } from 'node:crypto';
import { createReadStream, unlinkSync } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink, utimes } from 'node:fs/promises';
import { join } from 'node:path';

const signatures = [
  { mediaType: 'application/pdf', extension: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { mediaType: 'image/jpeg', extension: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  {
    mediaType: 'image/png',
    extension: 'png',
    bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  },
] as const;

export type SniffedType = (typeof signatures)[number];

/** The accepted type these bytes really are, whatever the file's name or declared type says. */
export function sniffFileType(content: Uint8Array): SniffedType | null {
  return signatures.find((s) => s.bytes.every((byte, i) => content[i] === byte)) ?? null;
}

/** The temporary files of writes in progress; anything still named so at start-up is debris. */
const PART_SUFFIX = '.part';
export const STORED_NAME = /^([0-9a-f]{64})\.(pdf|jpg|png)$/;

/** Error codes that mean "no room": the disk, the quota, or the file system's inodes. */
const NO_SPACE = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** Thrown when a file could not be stored whole; `noSpace` when the disk (or quota) is full. */
export class UploadError extends Error {
  readonly noSpace: boolean;
  constructor(message: string, noSpace: boolean, options?: ErrorOptions) {
    super(message, options);
    this.name = 'UploadError';
    this.noSpace = noSpace;
  }
}

/** How bytes reach the disk; a test replaces `write` to fail part way as a full disk does. */
export type UploadIo = {
  write: (
    handle: import('node:fs/promises').FileHandle,
    bytes: Uint8Array,
    position: number,
  ) => Promise<number>;
};
const nodeIo: UploadIo = {
  write: async (handle, bytes, position) =>
    (await handle.write(bytes, 0, bytes.byteLength, position)).bytesWritten,
};

const sha256Of = (content: Uint8Array) => createHash('sha256').update(content).digest('hex');

/** The size and SHA-256 of a file, read in chunks (no second copy of a 10 MB scan in memory). */
async function measure(path: string) {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).byteLength;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Whether `path` holds exactly `size` bytes hashing to `sha256` (false when missing or unreadable). */
async function isWhole(path: string, size: number, sha256: string) {
  try {
    const found = await measure(path);
    return found.size === size && found.sha256 === sha256;
  } catch {
    return false;
  }
}

/**
 * Writes `content` as `<sha256>.<ext>` in `dir` (once: the same content is the same file), or
 * throws an `UploadError` having left nothing behind. `writtenAtMs`: the file's mtime when this
 * call wrote it, null when it reused the file already there (touched, so that the cleanup of
 * another post, or the orphan sweep, sees it in use: store.ts `removeUnreferencedUpload`).
 */
export async function saveUpload(
  dir: string,
  content: Uint8Array,
  type: SniffedType,
  io: UploadIo = nodeIo,
) {
  const sha256 = sha256Of(content);
  const storedName = `${sha256}.${type.extension}`;
  const target = join(dir, storedName);
  if (await isWhole(target, content.byteLength, sha256)) {
    try {
      const now = new Date();
      await utimes(target, now, now);
      return { sha256, storedName, writtenAtMs: null };
    } catch {
      // Deleted meanwhile (by a cleanup): written again below.
    }
  }

  const temporary = `${target}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}${PART_SUFFIX}`;
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 }); // CVs and licences: their owner's only
    const handle = await open(temporary, 'w', 0o600);
    try {
      // A write may store fewer bytes than asked (a disk filling up): go on until all are written
      // or the system says why not; never take a short count for success.
      let written = 0;
      while (written < content.byteLength) {
        const count = await io.write(handle, content.subarray(written), written);
        if (count <= 0)
          throw Object.assign(new Error('the disk accepted no more bytes'), { code: 'ENOSPC' });
        written += count;
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    // Read back: what is on disk is what was sent, or the row is not written.
    if (!(await isWhole(temporary, content.byteLength, sha256)))
      throw new Error('the file read back differs from what was sent');
    await rename(temporary, target);
    const folder = await open(dir, 'r');
    try {
      await folder.sync(); // the rename itself is durable
    } finally {
      await folder.close();
    }
    return { sha256, storedName, writtenAtMs: (await stat(target)).mtimeMs };
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code ?? '';
    throw new UploadError(
      `The file ${storedName} could not be stored: ${(error as Error).message}`,
      NO_SPACE.has(code),
      { cause: error },
    );
  }
}

export function deleteUpload(dir: string, storedName: string) {
  try {
    unlinkSync(join(dir, storedName));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * The start-up check of the upload folder: removes the temporary files a crash (or a kill) left,
 * and lists the stored files whose content does not match their name (truncated or altered), so
 * the operator sees them. Those are not deleted: a person decides. Async, one file at a time:
 * the site serves pages meanwhile.
 */
export async function checkUploads(
  dir: string,
): Promise<{ removedParts: string[]; damaged: string[] }> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return { removedParts: [], damaged: [] }; // no folder yet: nothing stored
  }
  const removedParts: string[] = [];
  const damaged: string[] = [];
  for (const name of names) {
    const path = join(dir, name);
    if (name.endsWith(PART_SUFFIX)) {
      await unlink(path).catch(() => undefined);
      removedParts.push(name);
      continue;
    }
    const match = STORED_NAME.exec(name);
    if (!match || !(await stat(path)).isFile()) continue;
    if ((await measure(path)).sha256 !== match[1]) damaged.push(name);
  }
  return { removedParts, damaged };
}
