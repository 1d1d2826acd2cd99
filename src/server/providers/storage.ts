/**
 * File storage for uploaded images. save() answers the public path "/uploads/<folder>/<uuid>.<ext>";
 * main.ts serves `${DATA_DIR}/uploads` under /uploads. An object-storage provider (S3, OSS …)
 * would implement the same interface and answer its own URLs.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

export interface FileStorage {
  /** Stores the bytes as a new file and answers its public path. */
  save(bytes: Uint8Array, ext: string, folder: string): Promise<string>;
  /** Whether a public path answered by save() (or the seed) names a stored file. */
  exists(publicPath: string): Promise<boolean>;
}

const SEGMENT = /^[a-z0-9][a-z0-9_-]{0,31}$/;
const PUBLIC_PATH = /^\/uploads\/((?:[a-z0-9][a-z0-9_-]{0,31}\/)+)([A-Za-z0-9][A-Za-z0-9._-]{0,80})$/;

export class LocalFileStorage implements FileStorage {
  constructor(readonly root: string) {}

  async save(bytes: Uint8Array, ext: string, folder: string): Promise<string> {
    if (!SEGMENT.test(folder)) throw new Error(`bad upload folder: ${folder}`);
    if (!/^[a-z0-9]{1,8}$/.test(ext)) throw new Error(`bad upload extension: ${ext}`);
    const name = `${randomUUID()}.${ext}`;
    const dir = path.join(this.root, folder);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, name), bytes, { flag: "wx" });
    return `/uploads/${folder}/${name}`;
  }

  async exists(publicPath: string): Promise<boolean> {
    const m = PUBLIC_PATH.exec(publicPath);
    if (!m || publicPath.includes("..")) return false;
    try {
      const st = await fs.stat(path.join(this.root, ...publicPath.slice("/uploads/".length).split("/")));
      return st.isFile();
    } catch {
      return false;
    }
  }
}
