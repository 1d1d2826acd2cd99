/**
 * Invoices in a real browser (docs/invoice.md), with a fresh buyer and a completed order that
 * asked for a personal invoice: the invoice page shows it in progress; changing it to a unit
 * refuses a bad taxpayer number in the buyer's language (nothing changes), then saves; the shop
 * issues the PDF through the merchant CLI and the buyer downloads it from the page.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { buyerWithCompletedOrder, islandsReady, shopOps, tr, watchErrors } from "./helpers.ts";

const ops = shopOps("invoice");

test("en: invoice detail: changed to a unit (a bad taxpayer number is refused), issued by the shop", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const { orderNumber } = await buyerWithCompletedOrder(request, context, baseURL!, "invoice", ops, {
    invoiceType: 1,
    headerName: "Demo Buyer",
  });

  // Invoice: in progress, change to a unit (a bad taxpayer number is refused, nothing changes), then the shop uploads the PDF.
  await page.goto(`/en/invoice-detail?orderNumber=${orderNumber}`);
  await islandsReady(page);
  await expect(page.getByTestId("inv-state")).toHaveText(tr("en", "invoice.state1"));
  await page.getByTestId("inv-edit").click();
  await page.getByTestId("inv-type-2").check();
  await page.getByTestId("inv-header-input").fill("ACME Trading Ltd");
  await page.getByTestId("inv-tax-input").fill("123");
  await page.getByTestId("inv-save").click();
  await expect(page.getByTestId("inv-error")).toHaveText(tr("en", "submitOrder.invoiceTaxNumberInvalid"));
  await page.getByTestId("inv-tax-input").fill("91310000MA1K12345X");
  await page.getByTestId("inv-save").click();
  await expect(page.getByTestId("inv-header")).toHaveText("ACME Trading Ltd");
  await expect(page.getByTestId("inv-tax")).toHaveText("91310000MA1K12345X");
  const pdf = path.join(process.env.MALL_E2E_DATA_DIR ?? os.tmpdir(), `invoice-e2e-${orderNumber}.pdf`);
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]).drawText(`Invoice ${orderNumber}`, { x: 20, y: 100, size: 12 });
  const bytes = await doc.save();
  fs.writeFileSync(pdf, bytes);
  expect(await ops(baseURL!, "invoice-upload", orderNumber, "--file", pdf)).toContain("/uploads/invoice/");
  await page.reload();
  await expect(page.getByTestId("inv-state")).toHaveText(tr("en", "invoice.state2"));
  await expect(page.getByTestId("inv-edit")).toHaveCount(0);
  // The link downloads the PDF for this buyer (the login cookie of a plain click).
  const link = page.getByTestId("inv-download");
  await expect(link).toHaveAttribute("href", `/api/p/orderInvoice/file?orderNumber=${orderNumber}`);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(`invoice-${orderNumber}.pdf`);
  const got = fs.readFileSync((await download.path())!);
  expect(Buffer.compare(got, Buffer.from(bytes))).toBe(0);
  // Without the buyer's login the same address gives no file.
  const anonymous = await request.get(`/api/p/orderInvoice/file?orderNumber=${orderNumber}`, {
    headers: { Cookie: "" },
  });
  expect(anonymous.headers()["content-type"]).toContain("application/json");
  expect(errors).toEqual([]);
});
