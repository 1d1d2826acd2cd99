/**
 * Dead-code check (`npm run check`): files nothing imports, exports nothing uses, dependencies
 * nothing needs. An .astro file counts as its frontmatter plus its bundled <script> blocks (a page
 * script such as src/scripts/buy-box-loader.ts is imported from a component's <script>).
 */
import type { KnipConfig } from "knip";

const astro = (text: string): string => {
  const match = /^---\n([\s\S]*?)\n---/.exec(text);
  const front = match?.[1] ?? "";
  const template = text.slice(match?.[0].length ?? 0);
  const scripts = [...template.replace(/<script\b[^>]*\/>/g, "").matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/is:inline|type=["']application\/(ld\+)?json["']/.test(m[1] ?? ""))
    .map((m) => m[2]);
  return [front, ...scripts].join("\n");
};

const config: KnipConfig = {
  // image-thread.ts: a worker thread's entry (src/server/domain/image/image-thread-client.ts starts it by URL).
  entry: [
    "scripts/**/*.{ts,mjs}",
    "tests/**/*.{ts,mjs}",
    "src/**/*.test.ts",
    "src/server/domain/image/image-thread.ts",
  ],
  project: ["src/**/*.{ts,tsx,astro,mjs}", "scripts/**/*.{ts,mjs}", "tests/**/*.{ts,mjs}"],
  ignoreExportsUsedInFile: true,
  // A jar, not a module: tests/e2e/html-valid.spec.ts runs `java -jar` on the file the package ships.
  ignoreDependencies: ["vnu-jar"],
  // wrk: Debian's load generator, run by the bench when installed (tests/bench/loadgen.ts); runuser: util-linux,
  // runs PostgreSQL's programs as postgres when the read-replica test runs as root (tests/api/pg-replica.ts).
  ignoreBinaries: ["wrk", "runuser"],
  compilers: { astro },
};

export default config;
