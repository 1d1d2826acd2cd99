/**
 * Invoice PDF downloads (docs/invoice.md): GET /p/orderInvoice/file for the order's buyer (token or
 * the login cookie of a plain link), GET /merchant/invoices/{orderNumber}/file for its shop; anyone
 * else gets the refusal, never the file. Uploads are checked by structure (polyglots refused).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, uploadOwners } from "../../../src/server/db/schema/index.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { createOrder, pickSku } from "../order-fixtures.ts";
import { realPdf } from "./pdf-fixture.ts";

describe.skipIf(!dbReady)("invoice PDF download", () => {
  let app: TestApp;
  let buyer: TestUser;
  let other: TestUser;
  let shop1: string;
  let shop2: string;
  let pdf: Uint8Array;
  let orderNumber: string;

  const get = (p: string, headers: Record<string, string> = {}) => app.api.request(`/api${p}`, { headers });
  const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
  const envelopeOf = async (res: Response) => (await res.json()) as { code: string; msg: string };

  beforeAll(async () => {
    app = await createTestApp();
    const call = caller(app);
    buyer = await createTestUser(app, "pdfbuyer");
    other = await createTestUser(app, "pdfnosy");
    const sku = await pickSku(app, { shopId: 1, stock: 500 });
    const o = await createOrder(app, { userId: buyer.userId, items: [{ skuId: sku.skuId, prodCount: 1 }], status: 5 });
    orderNumber = o.orderNumber;
    await app.ctx.db
      .update(orders)
      .set({ invoice: { invoiceType: 1, headerName: "PDF Buyer", invoiceTaxNumber: null } })
      .where(eq(orders.orderNumber, orderNumber));
    const login = async (username: string) =>
      okData(await call<{ accessToken: string }>("/merchant/login", { body: { username, password: "Shop1234" } }))
        .accessToken;
    shop1 = await login("shop01");
    shop2 = await login("shop02");
    pdf = await realPdf(0, "Invoice for download");
    const form = new FormData();
    form.append("file", new File([pdf as Uint8Array<ArrayBuffer>], "invoice.pdf", { type: "application/pdf" }));
    okData(
      await app.request(`/api/merchant/invoices/${orderNumber}/file`, {
        method: "POST",
        headers: { Authorization: shop1 },
        body: form,
      }),
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it("the buyer gets the PDF as a download with the safe headers, and a 304 for its ETag", async () => {
    const res = await get(`/p/orderInvoice/file?orderNumber=${orderNumber}`, { Authorization: buyer.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`attachment; filename="invoice-${orderNumber}.pdf"`);
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    const etag = res.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(Buffer.compare(Buffer.from(await bytesOf(res)), Buffer.from(pdf))).toBe(0);
    const again = await get(`/p/orderInvoice/file?orderNumber=${orderNumber}`, {
      Authorization: buyer.token,
      "If-None-Match": etag!,
    });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
  });

  it("a plain link works with the login cookie (only for the download)", async () => {
    const res = await get(`/p/orderInvoice/file?orderNumber=${orderNumber}`, { Cookie: `token=${buyer.token}` });
    expect(res.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await bytesOf(res)), Buffer.from(pdf))).toBe(0);
    const info = await get(`/p/orderInvoice/info?orderNumber=${orderNumber}`, { Cookie: `token=${buyer.token}` });
    expect((await envelopeOf(info)).code).toBe("A00004");
  });

  it("the order's shop gets the PDF; another shop, another buyer and a guest get a refusal, not the file", async () => {
    const mine = await get(`/merchant/invoices/${orderNumber}/file`, { Authorization: shop1 });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-disposition")).toContain("attachment");
    expect(Buffer.compare(Buffer.from(await bytesOf(mine)), Buffer.from(pdf))).toBe(0);
    for (const [lang, msg] of [
      ["en", "No invoice was requested for this order"],
      ["zh", "该订单未申请发票"],
      ["zh-tw", "該訂單未申請發票"],
    ] as const) {
      const nosy = await get(`/p/orderInvoice/file?orderNumber=${orderNumber}`, {
        Authorization: other.token,
        "Accept-Language": lang,
      });
      expect(nosy.status, lang).toBe(404);
      expect(nosy.headers.get("content-type"), lang).toContain("application/json");
      expect(await envelopeOf(nosy), lang).toMatchObject({ code: "A00001", msg });
    }
    const otherShop = await get(`/merchant/invoices/${orderNumber}/file`, { Authorization: shop2 });
    expect(otherShop.status).toBe(404);
    expect((await envelopeOf(otherShop)).code).toBe("A00001");
    const guest = await get(`/p/orderInvoice/file?orderNumber=${orderNumber}`);
    expect((await envelopeOf(guest)).code).toBe("A00004");
    const junk = await get(`/p/orderInvoice/file?orderNumber=../../etc`, { Authorization: buyer.token });
    expect(junk.status).toBe(404);
  });

  it("the stored PDF is recorded as the shop's upload, with its size", async () => {
    const [o] = await app.ctx.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    const filePath = (o!.invoice as { filePath: string }).filePath;
    const [owner] = await app.ctx.db.select().from(uploadOwners).where(eq(uploadOwners.path, filePath));
    expect(owner).toMatchObject({ userId: null, shopId: 1, size: pdf.length });
  });
});
