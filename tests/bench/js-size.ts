/**
 * `npx tsx tests/bench/js-size.ts <origin> <page>...`: the JS a page loads before interaction
 * (gzip), measured exactly like section 1 of `npm run bench`, against an already running server.
 */
import { measurePageJs } from "./run.ts";

const [origin, ...pages] = process.argv.slice(2);
if (!origin || pages.length === 0) {
  console.error("usage: tsx tests/bench/js-size.ts http://127.0.0.1:4321 /cart /payment");
  process.exit(2);
}
for (const page of pages) {
  const r = await measurePageJs(origin, page);
  if (r.error) {
    console.log(`${page}: ${r.error}`);
    continue;
  }
  console.log(`${page}: ${(r.totalGzip / 1024).toFixed(1)} KB gzip`);
  for (const f of [...r.files].sort((a, b) => b.gzip - a.gzip)) console.log(`  ${(f.gzip / 1024).toFixed(1).padStart(6)} KB  ${f.url}`);
}
