/** Invoices: GET/PUT /p/orderInvoice, the shop's list and PDF upload, the ops CLI (docs/invoice.md "Invoices"). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "../../../src/lib/api-types.ts";
import { orders, type OrderInvoice } from "../../../src/server/db/schema/index.ts";
import type { InvoiceDetailDto, ShopInvoiceDto } from "../../../src/lib/invoice/invoice-types.ts";
import { caller, createTestUser, type TestUser } from "../account-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { opsCli } from "../ops-helpers.ts";
import { createOrder, pickSku } from "../order-fixtures.ts";
import { realPdf } from "./pdf-fixture.ts";

/** A polyglot: an HTML page behind a "%PDF-" prefix and a PDF-looking tail. */
const POLYGLOT = new TextEncoder().encode(
  "%PDF-1.4\n<html><body><script>alert(document.domain)</script></body></html>\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n",
);

describe.skipIf(!dbReady)("invoices API", () => {
  let app: TestApp;
  let call: ReturnType<typeof caller>;
  let buyer: TestUser;
  let other: TestUser;
  let sku: { skuId: number };
  let PDF: Uint8Array;

  const withInvoice = async (status: 1 | 2 | 5 | 6, invoice: OrderInvoice) => {
    const o = await createOrder(app, { userId: buyer.userId, items: [{ skuId: sku.skuId, prodCount: 1 }], status });
    await app.ctx.db.update(orders).set({ invoice }).where(eq(orders.orderNumber, o.orderNumber));
    return o.orderNumber;
  };
  const merchant = async (username: string) =>
    okData(await call<{ accessToken: string }>("/merchant/login", { body: { username, password: "Shop1234" } }))
      .accessToken;
  const upload = (token: string, orderNumber: string, bytes: Uint8Array, lang = "en") => {
    const form = new FormData();
    form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], "invoice.pdf", { type: "application/pdf" }));
    return app.request<{ filePath: string }>(`/api/merchant/invoices/${orderNumber}/file`, {
      method: "POST",
      headers: { Authorization: token, "Accept-Language": lang },
      body: form,
    });
  };

  beforeAll(async () => {
    app = await createTestApp();
    call = caller(app);
    buyer = await createTestUser(app, "invoicer");
    other = await createTestUser(app, "nosy");
    sku = await pickSku(app, { shopId: 1, stock: 500 });
    PDF = await realPdf();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("shows the invoice in progress and lets the buyer change it; a unit needs a valid taxpayer number", async () => {
    const n = await withInvoice(2, { invoiceType: 1, headerName: "Zhang San", invoiceTaxNumber: null });
    const inv = okData(await call<InvoiceDetailDto>(`/p/orderInvoice/info?orderNumber=${n}`, { user: buyer }));
    expect(inv).toMatchObject({
      orderNumber: n,
      invoiceType: 1,
      headerName: "Zhang San",
      invoiceTaxNumber: null,
      invoiceState: 1,
      invoiceContext: 1,
      editable: true,
      filePath: null,
    });
    const bad = await call(`/p/orderInvoice`, {
      method: "PUT",
      user: buyer,
      lang: "en",
      body: { orderNumber: n, invoiceType: 2, headerName: "ACME Ltd", invoiceTaxNumber: "12-34" },
    });
    expect(bad.body).toMatchObject({
      code: "A00001",
      msg: "The taxpayer identification number is 15~20 letters or digits",
    });
    const missing = await call(`/p/orderInvoice`, {
      method: "PUT",
      user: buyer,
      lang: "zh",
      body: { orderNumber: n, invoiceType: 2, headerName: "ACME Ltd" },
    });
    expect(missing.body.code).toBe("A00001");
    expect(
      (await call<InvoiceDetailDto>(`/p/orderInvoice/info?orderNumber=${n}`, { user: buyer })).body.data.invoiceType,
    ).toBe(1);
    const changed = okData(
      await call<InvoiceDetailDto>(`/p/orderInvoice`, {
        method: "PUT",
        user: buyer,
        body: { orderNumber: n, invoiceType: 2, headerName: " ACME Ltd ", invoiceTaxNumber: "91310000mA1k12345x" },
      }),
    );
    expect(changed).toMatchObject({
      invoiceType: 2,
      headerName: "ACME Ltd",
      invoiceTaxNumber: "91310000MA1K12345X",
      invoiceState: 1,
    });
  });

  it("another buyer's order, an order without invoice, or nonsense numbers are not found", async () => {
    const n = await withInvoice(2, { invoiceType: 1, headerName: "Mine", invoiceTaxNumber: null });
    const none = await withInvoice(2, { invoiceType: 0, headerName: null, invoiceTaxNumber: null });
    for (const [user, num] of [
      [other, n],
      [buyer, none],
      [buyer, "abc"],
      [buyer, ""],
    ] as const) {
      expect((await call(`/p/orderInvoice/info?orderNumber=${num}`, { user, lang: "en" })).body).toMatchObject({
        code: "A00001",
        msg: "No invoice was requested for this order",
      });
    }
    expect(
      (
        await call(`/p/orderInvoice`, {
          method: "PUT",
          user: other,
          body: { orderNumber: n, invoiceType: 1, headerName: "Hacked" },
        })
      ).body.code,
    ).toBe("A00001");
    expect(
      (await call<InvoiceDetailDto>(`/p/orderInvoice/info?orderNumber=${n}`, { user: buyer })).body.data.headerName,
    ).toBe("Mine");
  });

  it("the shop uploads the PDF: invoiced, downloadable, no longer editable; only PDFs of its own paid orders", async () => {
    const n = await withInvoice(5, { invoiceType: 2, headerName: "ACME Ltd", invoiceTaxNumber: "91310000MA1K12345X" });
    const unpaid = await withInvoice(1, { invoiceType: 1, headerName: "Later", invoiceTaxNumber: null });
    const shop1 = await merchant("shop01");
    const shop2 = await merchant("shop02");
    const listed = okData(
      await call<Page<ShopInvoiceDto>>("/merchant/invoices?state=1&size=100", { user: { userId: "", token: shop1 } }),
    );
    expect(listed.records.some((r) => r.orderNumber === n && r.buyerNickName === "invoicer")).toBe(true);
    expect(listed.records.some((r) => r.orderNumber === unpaid)).toBe(false);
    for (const bad of [new TextEncoder().encode("not a pdf at all"), POLYGLOT])
      expect((await upload(shop1, n, bad)).body).toMatchObject({
        code: "A00001",
        msg: "The invoice file must be a PDF",
      });
    expect((await upload(shop2, n, PDF)).body).toMatchObject({
      code: "A00001",
      msg: "No invoice was requested for this order",
    });
    expect((await upload(shop1, unpaid, PDF)).body).toMatchObject({
      code: "A00001",
      msg: "The order has not been paid yet",
    });
    const { filePath } = okData(await upload(shop1, n, PDF));
    expect(filePath).toMatch(/^\/uploads\/invoice\/[0-9a-f-]{36}\.pdf$/);
    expect(
      fs
        .readFileSync(path.join(app.ctx.config.dataDir, filePath.replace(/^\//, "")))
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const inv = okData(await call<InvoiceDetailDto>(`/p/orderInvoice/info?orderNumber=${n}`, { user: buyer }));
    expect(inv).toMatchObject({ invoiceState: 2, filePath, editable: false });
    expect(inv.uploadTime).toBeTruthy();
    expect(
      (
        await call(`/p/orderInvoice`, {
          method: "PUT",
          user: buyer,
          lang: "en",
          body: { orderNumber: n, invoiceType: 1, headerName: "Too late" },
        })
      ).body,
    ).toMatchObject({ code: "A00001", msg: "The invoice has already been issued and can no longer be changed" });
    const issued = okData(
      await call<Page<ShopInvoiceDto>>("/merchant/invoices?state=2&size=100", { user: { userId: "", token: shop1 } }),
    );
    expect(issued.records.some((r) => r.orderNumber === n)).toBe(true);
  });

  it("a 3 MB PDF is accepted; a 6 MB body is refused with 413 and the 5 MB message, changing nothing", async () => {
    const MB = 1024 * 1024;
    const pdfOf = (size: number) => realPdf(size);
    const shop1 = await merchant("shop01");
    const big = await withInvoice(2, { invoiceType: 1, headerName: "Large Scan", invoiceTaxNumber: null });
    const three = await pdfOf(3 * MB);
    expect(three.length).toBeGreaterThanOrEqual(3 * MB);
    const { filePath } = okData(await upload(shop1, big, three));
    expect(fs.statSync(path.join(app.ctx.config.dataDir, filePath.replace(/^\//, ""))).size).toBe(three.length);

    const tooBig = await withInvoice(2, { invoiceType: 1, headerName: "Huge Scan", invoiceTaxNumber: null });
    for (const [lang, msg] of [
      ["en", "The invoice PDF can be at most 5 MB"],
      ["zh", "发票 PDF 最大 5 MB"],
    ] as const) {
      const res = await upload(shop1, tooBig, await pdfOf(6 * MB), lang);
      expect(res.status, lang).toBe(413);
      expect(res.body, lang).toMatchObject({ code: "A00001", msg });
    }
    const inv = okData(await call<InvoiceDetailDto>(`/p/orderInvoice/info?orderNumber=${tooBig}`, { user: buyer }));
    expect(inv).toMatchObject({ invoiceState: 1, filePath: null, editable: true });
  });

  it("ops CLI: invoices and invoice-upload", async () => {
    const n = await withInvoice(2, { invoiceType: 1, headerName: "CLI Buyer", invoiceTaxNumber: null });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mall-ops-inv-"));
    const ops = opsCli(app, dir);
    try {
      fs.writeFileSync(path.join(dir, "inv.pdf"), PDF);
      fs.writeFileSync(path.join(dir, "fake.pdf"), "hello");
      expect((await ops("login", "--user", "shop01", "--password", "Shop1234")).code).toBe(0);
      expect((await ops("invoices", "--state", "1", "--size", "100")).out).toContain(n);
      expect((await ops("invoice-upload", n)).code).toBe(2);
      expect(await ops("invoice-upload", n, "--file", path.join(dir, "fake.pdf"))).toMatchObject({
        code: 1,
        err: expect.stringContaining("must be a PDF"),
      });
      expect(await ops("invoice-upload", n, "--file", path.join(dir, "inv.pdf"))).toMatchObject({
        code: 0,
        out: expect.stringContaining("/uploads/invoice/"),
      });
      expect((await ops("invoices", "--state", "2", "--size", "100")).out).toContain(n);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
