/**
 * Storage of uploaded files (docs/operations.md "Uploads"). save() answers the public path
 * "/uploads/<folder>/<uuid>.<ext>"; main.ts serves `/uploads/…` from the same storage
 * (http/uploads.ts), so whichever backend holds a file, every process reads it.
 *
 * Two backends, chosen by `STORAGE`:
 * - `local` (default): files under `DATA_DIR/uploads` — one machine, or several sharing that folder;
 * - `database`: rows of `stored_files` in the database every process already shares (PostgreSQL
 *   behind a load balancer), so a second machine serves what the first stored, with nothing more
 *   to run.
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { and, asc, eq, gt, lt, not, like, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { storedFiles } from "../db/schema/index.ts";

/** A stored file, found by its public path; its bytes are read only when asked (not for a 304). */
export interface StoredFile {
  size: number;
  /** A validator that changes whenever the bytes do (quoted, as in an ETag header). */
  etag: string;
  lastModified: Date;
  stream(): Promise<Readable>;
}

export interface FileStorage {
  readonly kind: "local" | "database";
  /** Stores the bytes as a new file and answers its public path. */
  save(bytes: Uint8Array, ext: string, folder: string): Promise<string>;
  /** Stores the bytes at a given public path, replacing what was there (the demo seed's images). */
  put(publicPath: string, bytes: Uint8Array): Promise<void>;
  /** Whether a public path answered by save() (or the seed) names a stored file. */
  exists(publicPath: string): Promise<boolean>;
  /** The stored file at a public path, or null. */
  read(publicPath: string): Promise<StoredFile | null>;
  /** Deletes the file at a public path (nothing when there is none): the clean-up of unused uploads. */
  remove(publicPath: string): Promise<void>;
  /**
   * The public paths of the files stored before `before`, in batches, except the seed's named
   * pictures (`/uploads/seed/…`): the clean-up looks among them for files nobody recorded.
   */
  storedBefore(before: Date): AsyncIterable<string[]>;
}

/** Files per batch of storedBefore. */
const LIST_BATCH = 500;
/** The seed's named pictures: never listed for the clean-up. */
const SEED_FOLDER = "seed";

const SEGMENT = /^[a-z0-9][a-z0-9_-]{0,31}$/;
const EXT = /^[a-z0-9]{1,8}$/;
/** The shape of every public path a storage answers: folders, then one file name; no dot files, no "..". */
const PUBLIC_PATH = /^\/uploads\/((?:[A-Za-z0-9][A-Za-z0-9_-]{0,63}\/)+)([A-Za-z0-9][A-Za-z0-9._-]{0,120})$/;

/** Whether `p` has the shape of a stored file's public path. */
export function isStoragePath(p: string): boolean {
  return PUBLIC_PATH.test(p) && !p.includes("..");
}

function newPath(ext: string, folder: string): string {
  if (!SEGMENT.test(folder)) throw new Error(`bad upload folder: ${folder}`);
  if (!EXT.test(ext)) throw new Error(`bad upload extension: ${ext}`);
  return `/uploads/${folder}/${randomUUID()}.${ext}`;
}

function checkPath(p: string): void {
  if (!isStoragePath(p)) throw new Error(`bad storage path: ${p}`);
}

export class LocalFileStorage implements FileStorage {
  readonly kind = "local";
  constructor(readonly root: string) {}

  private fileOf(publicPath: string): string {
    return path.join(this.root, ...publicPath.slice("/uploads/".length).split("/"));
  }

  async save(bytes: Uint8Array, ext: string, folder: string): Promise<string> {
    const publicPath = newPath(ext, folder);
    const file = this.fileOf(publicPath);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    await fsp.writeFile(file, bytes, { flag: "wx" });
    return publicPath;
  }

  async put(publicPath: string, bytes: Uint8Array): Promise<void> {
    checkPath(publicPath);
    const file = this.fileOf(publicPath);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    await fsp.writeFile(file, bytes);
  }

  async exists(publicPath: string): Promise<boolean> {
    return (await this.read(publicPath)) !== null;
  }

  async read(publicPath: string): Promise<StoredFile | null> {
    if (!isStoragePath(publicPath)) return null;
    const file = this.fileOf(publicPath);
    try {
      const st = await fsp.stat(file);
      if (!st.isFile()) return null;
      return {
        size: st.size,
        etag: `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`,
        lastModified: st.mtime,
        stream: async () => fs.createReadStream(file),
      };
    } catch {
      return null;
    }
  }

  async remove(publicPath: string): Promise<void> {
    checkPath(publicPath);
    await fsp.rm(this.fileOf(publicPath), { force: true });
  }

  async *storedBefore(before: Date): AsyncIterable<string[]> {
    let batch: string[] = [];
    const walk = async function* (dir: string, prefix: string): AsyncGenerator<string> {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const publicPath = `${prefix}/${e.name}`;
        if (e.isDirectory()) {
          if (publicPath !== `/uploads/${SEED_FOLDER}`) yield* walk(path.join(dir, e.name), publicPath);
        } else if (e.isFile() && isStoragePath(publicPath)) {
          const st = await fsp.stat(path.join(dir, e.name)).catch(() => null);
          if (st && st.mtime < before) yield publicPath;
        }
      }
    };
    for await (const p of walk(this.root, "/uploads")) {
      batch.push(p);
      if (batch.length >= LIST_BATCH) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }
}

export class DatabaseFileStorage implements FileStorage {
  readonly kind = "database";
  constructor(private readonly db: Db | Tx) {}

  async remove(publicPath: string): Promise<void> {
    checkPath(publicPath);
    await this.db.delete(storedFiles).where(eq(storedFiles.path, publicPath));
  }

  async *storedBefore(before: Date): AsyncIterable<string[]> {
    // Paths only (never the bytes), in path order from where the last batch ended.
    for (let after = ""; ;) {
      const rows = await this.db
        .select({ path: storedFiles.path })
        .from(storedFiles)
        .where(
          and(
            lt(storedFiles.createdAt, before),
            gt(storedFiles.path, after),
            not(like(storedFiles.path, `/uploads/${SEED_FOLDER}/%`)),
          ),
        )
        .orderBy(asc(storedFiles.path))
        .limit(LIST_BATCH);
      if (rows.length === 0) return;
      yield rows.map((r) => r.path);
      if (rows.length < LIST_BATCH) return;
      after = rows[rows.length - 1]!.path;
    }
  }

  async save(bytes: Uint8Array, ext: string, folder: string): Promise<string> {
    const publicPath = newPath(ext, folder);
    await this.db.insert(storedFiles).values(row(publicPath, bytes));
    return publicPath;
  }

  async put(publicPath: string, bytes: Uint8Array): Promise<void> {
    checkPath(publicPath);
    const r = row(publicPath, bytes);
    await this.db
      .insert(storedFiles)
      .values(r)
      .onConflictDoUpdate({
        target: storedFiles.path,
        set: { bytes: r.bytes, size: r.size, etag: r.etag, createdAt: sql`now()` },
      });
  }

  async exists(publicPath: string): Promise<boolean> {
    return (await this.read(publicPath)) !== null;
  }

  async read(publicPath: string): Promise<StoredFile | null> {
    if (!isStoragePath(publicPath)) return null;
    const [f] = await this.db
      .select({ size: storedFiles.size, etag: storedFiles.etag, createdAt: storedFiles.createdAt })
      .from(storedFiles)
      .where(eq(storedFiles.path, publicPath))
      .limit(1);
    if (!f) return null;
    return {
      size: f.size,
      etag: `"${f.etag}"`,
      lastModified: f.createdAt,
      stream: async () => {
        const [b] = await this.db
          .select({ bytes: storedFiles.bytes })
          .from(storedFiles)
          .where(eq(storedFiles.path, publicPath))
          .limit(1);
        return Readable.from(b ? [Buffer.from(b.bytes)] : []);
      },
    };
  }
}

function row(publicPath: string, bytes: Uint8Array) {
  return {
    path: publicPath,
    bytes,
    size: bytes.length,
    etag: createHash("sha256").update(bytes).digest("base64url").slice(0, 22),
  };
}

/** The storage `STORAGE` names: "database" → rows in the shared database; anything else → DATA_DIR/uploads. */
export function fileStorageFor(kind: "local" | "database", db: Db | Tx, uploadsDir: string): FileStorage {
  return kind === "database" ? new DatabaseFileStorage(db) : new LocalFileStorage(uploadsDir);
}
