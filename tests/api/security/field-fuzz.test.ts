/**
 * Fuzz of the fields shops and buyers write in decorations, discounts, coupons, chat, names and
 * addresses (docs/security.md "Security tests"): the route fuzz (fuzz.test.ts) sends whole bodies
 * of bad values, refused at their first field; here each body starts valid — as the merchant
 * centre or the page sends it — and one field at a time, however deep (a decoration block's
 * picture, title, headline, caption, goods id, a discount tier's amount), is replaced by a value
 * no field takes: an object whose String() throws, a list, a boolean, control characters, text
 * that hides or reorders characters ("ad\u200bmin", U+202E), a number beyond any range. Every
 * such body is refused (A00001, in the caller's language), never 5xx or A00005, nothing is
 * logged as an error, and the database is unchanged after each route. The valid body itself is
 * accepted at the end, so the refusals are the hostile field's.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { products } from "../../../src/server/db/schema/index.ts";
import { rowsOf } from "../../../src/server/db/client.ts";
import { useLogSink } from "../../../src/server/log.ts";
import { createTestUser, type TestUser } from "../account-helpers.ts";
import { createTestApp, dbDriver, dbReady, okData, PNG_1X1, type TestApp } from "../helpers.ts";

const DAY = 86_400_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
const L = (s: string) => ({ zh: s, "zh-tw": s, en: s });

/** Values no text, number, id, amount, date or choice field takes. */
const HOSTILE: readonly { label: string; value: unknown; forNumbers?: boolean }[] = [
  { label: "toString object", value: { toString: 1 }, forNumbers: true },
  { label: "empty object", value: {}, forNumbers: true },
  { label: "list", value: [1], forNumbers: true },
  { label: "boolean", value: true, forNumbers: true },
  { label: "minus one", value: -1, forNumbers: true },
  { label: "beyond int4 negative", value: -2147483649, forNumbers: true },
  { label: "1e308", value: 1e308, forNumbers: true },
  { label: "bell", value: "ab\u0007", forNumbers: true },
  { label: "NUL", value: "\u0000", forNumbers: true },
  { label: "right-to-left override", value: "Sale \u202egpj.exe", forNumbers: true },
  { label: "zero-width space", value: "ad\u200bmin", forNumbers: true },
  { label: "isolate", value: "a\u2066b\u2069", forNumbers: true },
  { label: "huge text", value: "界".repeat(5000), forNumbers: true },
];

type Role = "buyer" | "merchant";
interface Target {
  label: string;
  method: "POST" | "PUT";
  path: string;
  role: Role;
  body: () => Record<string, unknown>;
  /** Leaves not fuzzed (a choice whose every other value is another valid form). */
  skip?: (path: string) => boolean;
}

/** Every leaf (string / number / boolean) of a JSON value, as a path of keys and indexes. */
function leaves(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(v)) return v.flatMap((x, i) => leaves(x, [...at, i]));
  if (v && typeof v === "object") return Object.entries(v).flatMap(([k, x]) => leaves(x, [...at, k]));
  return [at];
}

function withLeaf(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

describe.skipIf(!dbReady)(`fuzz: decoration, discount, coupon, chat and name fields (${dbDriver})`, () => {
  let app: TestApp;
  let buyer: TestUser;
  let merchant: string;
  let img: string;
  let prodId: number;
  const errors: string[] = [];
  let restoreLog = () => {};

  beforeAll(async () => {
    app = await createTestApp();
    buyer = await createTestUser(app, "fieldfuzz");
    merchant = okData(
      await app.request<{ accessToken: string }>("/api/merchant/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.87.0.1" },
        body: JSON.stringify({ username: "shop01", password: "Shop1234" }),
      }),
    ).accessToken;
    const form = new FormData();
    form.set("file", new File([PNG_1X1], "a.png", { type: "image/png" }));
    img = okData(
      await app.request<{ filePath: string }>("/api/merchant/file/upload", {
        method: "POST",
        headers: { Authorization: merchant },
        body: form,
      }),
    ).filePath;
    const [p] = await app.ctx.db
      .select({ id: products.prodId })
      .from(products)
      .where(and(eq(products.shopId, 1), eq(products.status, 1)))
      .limit(1);
    prodId = p!.id;
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(" ")));
    restoreLog = useLogSink((line) => {
      if (["error", "fatal"].includes((JSON.parse(line) as { level: string }).level)) errors.push(line);
    });
  });
  afterAll(async () => {
    restoreLog();
    vi.restoreAllMocks();
    await app?.close();
  });

  /** Row count and row hash of every table but rate_limits (refused requests may count there). */
  async function fingerprint(): Promise<string> {
    const tables = rowsOf<{ name: string }>(
      await app.ctx.db.execute(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '__drizzle%' and table_name <> 'rate_limits' order by 1`,
      ),
    );
    const parts = tables.map(
      (t) =>
        `select '${t.name}' as name, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text as fp from "${t.name}" x`,
    );
    return rowsOf<{ name: string; fp: string }>(await app.ctx.db.execute(sql.raw(parts.join(" union all "))))
      .map((r) => `${r.name}=${r.fp}`)
      .sort()
      .join(" ");
  }

  const decoration = () => [
    {
      type: "picture_by",
      dataField: {
        size: 1920,
        picList: [{ img, title: L("Spring"), overlay: { headline: L("Sale"), caption: L("Up to <b>30%</b> off") } }],
      },
    },
    { type: "goods_list", dataField: { listType: 4, goodsList: [{ id: prodId }] } },
    { type: "page_background", dataField: { background: "#ffffff" } },
  ];

  const targets = (): Target[] => [
    {
      label: "decoration draft",
      method: "POST",
      path: "/api/merchant/renovations",
      role: "merchant",
      body: () => ({ name: "Spring", content: decoration() }),
      // a block's kind names the block (another kind is another valid block, or refused as unknown)
      skip: (p) => p.endsWith(".type"),
    },
    {
      label: "decoration preview",
      method: "POST",
      path: "/api/merchant/renovations/preview",
      role: "merchant",
      body: () => ({ content: decoration() }),
      skip: (p) => p.endsWith(".type"),
    },
    {
      label: "discount",
      method: "POST",
      path: "/api/merchant/discounts",
      role: "merchant",
      body: () => ({
        discountName: { zh: "满百减十", "zh-tw": "滿百減十", en: "Save 10 on 100" },
        discountRule: 0,
        discountItems: [
          { needAmount: "100", discount: "10" },
          { needAmount: "200", discount: "25" },
        ],
        endTime: iso(3 * DAY),
      }),
    },
    {
      label: "coupon",
      method: "POST",
      path: "/api/merchant/coupons",
      role: "merchant",
      body: () => ({
        couponName: "Spend 100 save 10",
        couponType: 1,
        cashCondition: "100",
        reduceAmount: "10",
        validTimeType: 2,
        validDays: 7,
        overTime: iso(10 * DAY),
        stocks: 50,
        limitNum: 2,
      }),
    },
    {
      label: "chat message",
      method: "POST",
      path: "/api/p/chat/messages",
      role: "buyer",
      body: () => ({ shopId: 1, msgType: 0, content: "Is it in stock?" }),
    },
    {
      label: "nickname",
      method: "PUT",
      path: "/api/p/user/setUserInfo",
      role: "buyer",
      body: () => ({ nickName: "Ann" }),
    },
    {
      label: "address",
      method: "POST",
      path: "/api/p/address/addAddr",
      role: "buyer",
      body: () => ({
        receiver: "张三",
        mobile: "13800138000",
        provinceId: 44,
        cityId: 4403,
        areaId: 440305,
        addr: "科技园南区一号楼 101",
        postCode: "518000",
      }),
    },
  ];

  const send = async (t: Target, body: unknown, lang: string) => {
    const res = await app.api.request(t.path, {
      method: t.method,
      headers: {
        "Content-Type": "application/json",
        "Accept-Language": lang,
        Authorization: t.role === "buyer" ? buyer.token : merchant,
      },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: { code?: string; msg?: string } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      // not an envelope: reported below
    }
    return { status: res.status, code: parsed.code, msg: parsed.msg ?? "", text };
  };

  it(
    "refuses a hostile value in any one field of a valid body, changes nothing, logs no error",
    {
      timeout: 240_000,
    },
    async () => {
      const failures: string[] = [];
      let sent = 0;
      for (const t of targets()) {
        const before = await fingerprint();
        const base = t.body();
        for (const leaf of leaves(base)) {
          const where = leaf.join(".");
          if (t.skip?.(where)) continue;
          const original = leaf.reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], base);
          for (const [i, h] of HOSTILE.entries()) {
            if (typeof original === "number" && !h.forNumbers) continue;
            const lang = ["en", "zh", "zh-TW"][i % 3]!;
            const r = await send(t, withLeaf(base, leaf, h.value), lang);
            sent++;
            const label = `${t.label}: ${where} = ${h.label} (${lang})`;
            if (r.code === undefined) failures.push(`${label}: not an envelope ${r.status} ${r.text.slice(0, 80)}`);
            else if (r.status >= 500 || r.code === "A00005")
              failures.push(`${label}: ${r.status} ${r.text.slice(0, 160)}`);
            else if (r.code === "00000") failures.push(`${label}: accepted`);
            else if (!r.msg || (lang === "en" && /[\u4e00-\u9fff]/.test(r.msg)))
              failures.push(`${label}: message ${JSON.stringify(r.msg)}`);
          }
        }
        const after = await fingerprint();
        if (after !== before) failures.push(`${t.label}: the database changed`);
      }
      console.log(`[field fuzz ${dbDriver}] ${sent} requests`);
      expect(failures).toEqual([]);
      expect(errors).toEqual([]);
      // The valid bodies themselves are taken.
      for (const t of targets()) expect((await send(t, t.body(), "en")).code, t.label).toBe("00000");
    },
  );
});
