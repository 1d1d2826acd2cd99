import { openDatabase } from "/work/wt/search-scale/src/server/db/client.ts";
import { searchPage, searchProducts } from "/work/wt/search-scale/src/server/domain/catalog/product-list.ts";
import { suggest } from "/work/wt/search-scale/src/server/domain/catalog/search-suggest.ts";
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL! });
const db = database.db;
const cases: [string, () => Promise<unknown>][] = [
  ["page classic en", () => searchPage(db, "en", { keyword: "classic", current: 1, size: 20 })],
  ["page 手机", () => searchPage(db, "zh", { keyword: "手机", current: 1, size: 20 })],
  ["page 手机 sales", () => searchPage(db, "zh", { keyword: "手机", current: 1, size: 20, sort: 2 })],
  ["page phone price p20", () => searchPage(db, "en", { keyword: "phone", current: 20, size: 20, sort: 5 })],
  ["prods cpid=1", () => searchProducts(db, "zh", { primaryCategoryId: 1, current: 1, size: 20 })],
  ["prods cpid=1 p500", () => searchProducts(db, "zh", { primaryCategoryId: 1, current: 500, size: 20 })],
  ["prods all newest p400", () => searchProducts(db, "zh", { current: 400, size: 20, sort: 1 })],
  ["prods st=1", () => searchProducts(db, "zh", { st: 1, current: 1, size: 20 })],
  ["page all", () => searchPage(db, "zh", { current: 1, size: 20 })],
  ["suggest 手", () => suggest(db, "zh", "手", "goods")],
  ["suggest phon", () => suggest(db, "en", "phon", "goods")],
  ["suggest shop 杭州", () => suggest(db, "zh", "杭州", "shop")],
];
for (const [name, fn] of cases) {
  await fn();
  const times: number[] = [];
  let r: any;
  for (let i = 0; i < 5; i++) { const t = performance.now(); r = await fn(); times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  const total = r?.total ?? r?.length;
  console.log(`${name.padEnd(24)} median ${times[2]!.toFixed(1)} ms  max ${times[4]!.toFixed(1)} ms  total=${total} capped=${r?.totalCapped}`);
}
await database.close();
