/**
 * Private uploads (docs/image.md "Private pictures"): a store application's business licence and
 * ID card (folder "identity") and a shop's invoice file (folder "invoice") are served by /uploads
 * only to their owner and to the platform. Another buyer, another shop and a visitor without a
 * session get the 404 of a file that does not exist; nothing private is cached publicly, nothing
 * of it gets public variants. The shop logo of the same form stays public.
 */
import fs from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images, orders } from "../../../src/server/db/schema/index.ts";
import { contentHash } from "../../../src/server/domain/image/image-pipeline.ts";
import { variantPath } from "../../../src/lib/image/ladder.ts";
import { privatePreviewPath } from "../../../src/lib/image/private.ts";
import { drainImages } from "../../../src/server/domain/image/image-worker.ts";
import { photoJpeg } from "../../fixtures/photos.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { serveUploads } from "./serve-uploads.ts";
import { realPdf } from "../invoice/pdf-fixture.ts";
import { createOrder, pickSku } from "../order-fixtures.ts";

describe.skipIf(!dbReady)("private uploads: only the owner and the platform", () => {
  let app: TestApp;
  let closeUploads = () => {};
  let base: string;
  let owner: TestUser;
  let otherBuyer: TestUser;
  let shop1: string;
  let shop2: string;
  let platform: string;

  beforeAll(async () => {
    app = await createTestApp();
    platform = app.ctx.config.platformApiToken;
    expect(platform).not.toBe("");
    ({ base, close: closeUploads } = await serveUploads(app, platform));
    owner = await createTestUser(app, "licenceowner");
    otherBuyer = await createTestUser(app, "licencenosy");
    const call = caller(app);
    const login = async (username: string) =>
      okData(await call<{ accessToken: string }>("/merchant/login", { body: { username, password: "Shop1234" } }))
        .accessToken;
    shop1 = await login("shop01");
    shop2 = await login("shop02");
  });
  afterAll(async () => {
    closeUploads();
    await app?.close();
  });

  const upload = async (user: TestUser, bytes: Uint8Array, folder: string) => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(bytes)], "card.jpg", { type: "image/jpeg" }));
    return okData(
      await app.request<{ filePath: string }>(`/api/p/file/upload?folder=${folder}`, {
        method: "POST",
        headers: { Authorization: user.token },
        body: form,
      }),
    ).filePath;
  };
  const stored = (p: string) => fs.readFile(path.join(app.ctx.config.dataDir, "uploads", p.slice("/uploads/".length)));
  const get = (p: string, headers: Record<string, string> = {}) => fetch(base + p, { headers });

  /** Every caller of the test and whether it may read the owner's file. */
  const everyone = (): { who: string; headers: Record<string, string>; allowed: boolean }[] => [
    { who: "the owner (token)", headers: { Authorization: owner.token }, allowed: true },
    {
      who: "the owner (login cookie of the page)",
      headers: { Cookie: `lang=en; token=${owner.token}` },
      allowed: true,
    },
    { who: "the platform", headers: { Authorization: `Bearer ${platform}` }, allowed: true },
    { who: "another buyer", headers: { Authorization: otherBuyer.token }, allowed: false },
    { who: "another buyer (cookie)", headers: { Cookie: `token=${otherBuyer.token}` }, allowed: false },
    { who: "a shop", headers: { Authorization: shop1 }, allowed: false },
    { who: "a visitor", headers: {}, allowed: false },
    { who: "a wrong platform token", headers: { Authorization: `${platform}x` }, allowed: false },
  ];

  /**
   * `p` asked by everyone: a 404 to those who may not read it; to the others, `type`, never kept by
   * a shared cache. Answers what each allowed reader got.
   */
  const readAsEveryone = async (p: string, type: string): Promise<[string, Buffer][]> => {
    const got: [string, Buffer][] = [];
    for (const { who, headers, allowed } of everyone()) {
      const res = await get(p, headers);
      expect(res.status, who).toBe(allowed ? 200 : 404);
      if (!allowed) continue;
      expect(res.headers.get("content-type"), who).toBe(type);
      expect(res.headers.get("cache-control"), who).toBe("private, no-cache");
      expect(res.headers.get("vary"), who).toBe("Authorization, Cookie");
      got.push([who, Buffer.from(await res.arrayBuffer())]);
    }
    return got;
  };

  it("an ID card is answered to its owner and the platform, to nobody else; no public variants", async () => {
    const card = await photoJpeg({ width: 1200, height: 800, orientation: 1 });
    const filePath = await upload(owner, card, "identity");
    expect(filePath).toMatch(/^\/uploads\/identity\/[0-9a-f-]{36}\.jpg$/);
    // Stored through the pipeline like every picture (no metadata), but nothing public is made of it.
    const bytes = await stored(filePath);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(await app.ctx.db.select().from(images).where(eq(images.path, filePath))).toEqual([]);
    await drainImages(app.ctx.db, app.ctx.storage);

    for (const [who, body] of await readAsEveryone(filePath, "image/jpeg"))
      expect(Buffer.compare(body, bytes), who).toBe(0);
    // A variant's name of the private picture is made for nobody, its owner included.
    for (const headers of [{ Authorization: owner.token }, {}] as Record<string, string>[]) {
      expect((await get(variantPath(filePath, contentHash(bytes), 320, "avif"), headers)).status).toBe(404);
    }
    await expect(stored(variantPath(filePath, contentHash(bytes), 320, "avif"))).rejects.toThrow();
  });

  it("a private picture is previewed from a small private variant (owner and platform only); the original stays for the full view", async () => {
    // A real-size photo of a licence (under the buyers' 2 MB).
    const licence = await photoJpeg({ orientation: 1, quality: 60, grain: 6, seed: 7 });
    const filePath = await upload(owner, licence, "identity");
    const preview = privatePreviewPath(filePath);
    expect(preview).toBe(`${filePath}-preview-480.webp`);
    const original = await stored(filePath);
    let madeOnce: Buffer | null = null;
    for (const [who, bytes] of await readAsEveryone(preview, "image/webp")) {
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif], who).toEqual(["webp", 480, 360, undefined]);
      // A preview is a small fraction of the document (a few tens of KB against hundreds).
      expect(bytes.length, who).toBeLessThan(original.length / 5);
      // Made on the first request, then read from the storage: the same bytes for every reader.
      if (madeOnce) expect(Buffer.compare(bytes, madeOnce), who).toBe(0);
      madeOnce ??= bytes;
    }
    expect(Buffer.compare(await stored(preview), madeOnce!)).toBe(0);
    // Still no public variant of any kind.
    expect(await app.ctx.db.select().from(images).where(eq(images.path, filePath))).toEqual([]);
    // A preview's name made up for a picture that does not exist, or for an invoice PDF, is nothing.
    const ghost = privatePreviewPath("/uploads/identity/00000000-0000-4000-8000-000000000000.jpg");
    const askers: Record<string, string>[] = [
      { Authorization: `Bearer ${platform}` },
      { Authorization: owner.token },
      {},
    ];
    for (const headers of askers) expect((await get(ghost, headers)).status).toBe(404);
    expect(privatePreviewPath("/uploads/invoice/00000000-0000-4000-8000-000000000000.pdf")).toMatch(/\.pdf$/);
    // A demo application's vector documents are their own preview (a few hundred bytes each).
    expect(privatePreviewPath("/uploads/seed/identity/a-licence.svg")).toBe("/uploads/seed/identity/a-licence.svg");
  });

  it("bad names of a preview are a plain 404 for everyone, the platform included, and store nothing", async () => {
    const card = await upload(
      owner,
      await photoJpeg({ width: 900, height: 600, orientation: 1, seed: 11 }),
      "identity",
    );
    const avatar = await upload(
      owner,
      await photoJpeg({ width: 300, height: 300, orientation: 1, seed: 12 }),
      "avatar",
    );
    const preview = privatePreviewPath(card);
    // The real preview, made once, for the owner.
    expect((await get(preview, { Authorization: owner.token })).status).toBe(200);
    const pdf = await app.ctx.storage.save(await realPdf(0, "Invoice of a test"), "pdf", "invoice");
    const name = (p: string) => p.split("/").pop()!;
    const uploads = path.join(app.ctx.config.dataDir, "uploads");
    const listing = async () => (await fs.readdir(uploads, { recursive: true })).sort();
    const before = await listing();

    /** Sent exactly as written (fetch would resolve dots and re-encode), with the caller's headers. */
    const raw = (p: string, headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const { hostname, port } = new URL(base);
        http
          .get({ hostname, port, path: p, headers }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .on("error", reject);
      });
    const callers: [string, Record<string, string>][] = [
      ["the owner", { Authorization: owner.token }],
      ["the owner's cookie", { Cookie: `token=${owner.token}` }],
      ["the platform", { Authorization: platform }],
      ["a visitor", {}],
    ];
    const bad: [string, string][] = [
      ["a made-up name", "/uploads/identity/00000000-0000-4000-8000-000000000000.jpg-preview-480.webp"],
      ["a name that is not an upload's", "/uploads/identity/licence.jpg-preview-480.webp"],
      ["another width", `${card}-preview-320.webp`],
      ["a width past the original", `${card}-preview-1920.webp`],
      ["another format", `${card}-preview-480.avif`],
      ["a preview of the preview", `${preview}-preview-480.webp`],
      ["a preview of an invoice PDF", `${pdf}-preview-480.webp`],
      ["a public picture's preview name", `${avatar}-preview-480.webp`],
      ["a traversal out of the folder", `/uploads/identity/../avatar/${name(avatar)}-preview-480.webp`],
      ["a traversal by escaped dots", `/uploads/identity/%2e%2e/avatar/${name(avatar)}-preview-480.webp`],
      ["a traversal by escaped slashes", `/uploads/identity/..%2f..%2f..%2fetc%2fpasswd-preview-480.webp`],
      ["an escaped slash for the folder's", `/uploads/identity%2f${name(preview)}`],
      ["an escaped letter", preview.replace("/identity/", "/identit%79/")],
      ["a NUL", preview.replace(".jpg-", ".jpg%00-")],
      ["a line break", `${preview}%0d%0aX-Injected:%201`],
      ["an escape character", preview.replace("/identity/", "/identity/%1b")],
      ["a name of 300 characters", `/uploads/identity/${"a".repeat(280)}.jpg-preview-480.webp`],
    ];
    for (const [what, p] of bad)
      for (const [who, headers] of callers) expect(await raw(p, headers), `${what}: ${who} (${p})`).toBe(404);

    // A query string is not read: the same answers, however long (Node refuses headers past 16 KB itself).
    const long = `${preview}?${"x=%00%2f..&".repeat(800)}`;
    expect(long.length).toBeGreaterThan(8_000);
    expect(await raw(long, { Authorization: owner.token })).toBe(200);
    expect(await raw(long, {})).toBe(404);
    expect(await raw(`${preview}?${"x".repeat(20_000)}`, { Authorization: owner.token })).toBe(431);
    expect(await listing()).toEqual(before);
  });

  it("the application's logo stays public; its licence and ID card do not", async () => {
    const logo = await upload(owner, await photoJpeg({ width: 400, height: 400, orientation: 1 }), "store");
    expect((await get(logo)).status).toBe(200);
    const [licence, front, back] = [
      await upload(owner, await photoJpeg({ width: 800, height: 600, orientation: 1, seed: 2 }), "identity"),
      await upload(owner, await photoJpeg({ width: 800, height: 500, orientation: 1, seed: 3 }), "identity"),
      await upload(owner, await photoJpeg({ width: 800, height: 500, orientation: 1, seed: 4 }), "identity"),
    ];
    const call = caller(app);
    const form = {
      shopName: "Private Papers Tea",
      mobile: "13800138000",
      provinceId: 44,
      cityId: 4403,
      areaId: 440305,
      addr: "Keyuan Road 100",
      intro: "Fine teas from Hangzhou and Yunnan.",
      type: 0,
      shopLogo: logo,
      businessLicense: licence,
      identityCardFront: front,
      identityCardLater: back,
    };
    // A licence in the public folder is refused by the form (it must be a private upload).
    expect(
      (await call("/p/storeApplication", { user: owner, body: { ...form, businessLicense: logo } })).body,
    ).toMatchObject({
      code: "A00001",
    });
    const app1 = okData(await call<{ applyId: number }>("/p/storeApplication", { user: owner, body: form }));
    // The platform reads the application and fetches its documents with its token.
    const seen = okData(
      await app.request<{ businessLicense: string; previews: Record<string, string> }>(
        `/api/platform/storeApplications/${app1.applyId}`,
        {
          headers: { Authorization: platform },
        },
      ),
    );
    expect(seen.businessLicense).toBe(licence);
    // Previews for the platform's list, the documents themselves for its full view.
    expect(seen.previews).toEqual({
      businessLicense: privatePreviewPath(licence),
      identityCardFront: privatePreviewPath(front),
      identityCardLater: privatePreviewPath(back),
    });
    for (const p of [licence, front, back, ...Object.values(seen.previews)]) {
      expect((await get(p, { Authorization: platform })).status, p).toBe(200);
      expect((await get(p, { Cookie: `token=${owner.token}` })).status, p).toBe(200);
      expect((await get(p)).status, p).toBe(404);
      expect((await get(p, { Authorization: otherBuyer.token })).status, p).toBe(404);
      expect((await get(p, { Authorization: shop2 })).status, p).toBe(404);
    }
  });

  it("an invoice file is answered to the shop that uploaded it and the platform, to nobody else", async () => {
    const buyer = await createTestUser(app, "privateinvoice");
    const sku = await pickSku(app, { shopId: 1, stock: 500 });
    const o = await createOrder(app, { userId: buyer.userId, items: [{ skuId: sku.skuId, prodCount: 1 }], status: 5 });
    await app.ctx.db
      .update(orders)
      .set({ invoice: { invoiceType: 1, headerName: "Private Buyer", invoiceTaxNumber: null } })
      .where(eq(orders.orderNumber, o.orderNumber));
    const pdf = await realPdf(0, "Private invoice");
    const form = new FormData();
    form.append("file", new File([pdf as Uint8Array<ArrayBuffer>], "invoice.pdf", { type: "application/pdf" }));
    const { filePath } = okData(
      await app.request<{ filePath: string }>(`/api/merchant/invoices/${o.orderNumber}/file`, {
        method: "POST",
        headers: { Authorization: shop1 },
        body: form,
      }),
    );
    expect(filePath).toMatch(/^\/uploads\/invoice\/[0-9a-f-]{36}\.pdf$/);
    for (const [who, headers, allowed] of [
      ["the shop that uploaded it", { Authorization: shop1 }, true],
      ["the platform", { Authorization: platform }, true],
      ["another shop", { Authorization: shop2 }, false],
      ["another buyer", { Authorization: otherBuyer.token }, false],
      ["a visitor", {}, false],
    ] as const) {
      const res = await get(filePath, headers);
      expect(res.status, who).toBe(allowed ? 200 : 404);
      if (!allowed) continue;
      expect(res.headers.get("content-type"), who).toBe("application/pdf");
      expect(res.headers.get("content-disposition"), who).toMatch(/^attachment; /);
      expect(res.headers.get("content-security-policy"), who).toContain("sandbox");
      expect(res.headers.get("cache-control"), who).toBe("private, no-cache");
      expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), Buffer.from(pdf)), who).toBe(0);
    }
    // The order's buyer downloads it through the invoice API (docs/invoice.md).
    const viaApi = await app.api.request(`/api/p/orderInvoice/file?orderNumber=${o.orderNumber}`, {
      headers: { Authorization: buyer.token },
    });
    expect(viaApi.status).toBe(200);
  });
});
