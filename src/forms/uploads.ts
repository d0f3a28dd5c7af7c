/**
 * Application files: recognised by their first bytes (a text file renamed `.pdf` is refused),
 * stored outside any public folder under the SHA-256 of their content, and on disk (fsync'ed)
 * before the row that refers to them is written.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const signatures = [
  { mediaType: 'application/pdf', extension: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { mediaType: 'image/jpeg', extension: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { mediaType: 'image/png', extension: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
] as const;

export type SniffedType = (typeof signatures)[number];

/** The accepted type these bytes really are, whatever the file's name or declared type says. */
export function sniffFileType(content: Uint8Array): SniffedType | null {
  return signatures.find((s) => s.bytes.every((byte, i) => content[i] === byte)) ?? null;
}

/** Writes `content` as `<sha256>.<ext>` in `dir` (once: the same content is the same file). */
export function saveUpload(dir: string, content: Uint8Array, type: SniffedType) {
  const sha256 = createHash('sha256').update(content).digest('hex');
  const storedName = `${sha256}.${type.extension}`;
  const target = join(dir, storedName);
  if (!existsSync(target)) {
    mkdirSync(dir, { recursive: true });
    // Write under a temporary name, fsync, then rename: a reader never sees half a file.
    const temporary = `${target}.${process.pid}.${Date.now()}.part`;
    const fd = openSync(temporary, 'w', 0o600);
    try {
      writeSync(fd, content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, target);
    const folder = openSync(dir, 'r');
    try {
      fsyncSync(folder); // the rename itself is durable
    } finally {
      closeSync(folder);
    }
  }
  return { sha256, storedName };
}

export function deleteUpload(dir: string, storedName: string) {
  try {
    unlinkSync(join(dir, storedName));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
