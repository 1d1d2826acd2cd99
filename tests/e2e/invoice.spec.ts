/**
 * Invoices in a real browser (docs/invoice.md), with a fresh buyer and a completed order that
 * asked for a personal invoice: the invoice page shows it in progress; changing it to a unit
 * refuses a bad taxpayer number in the buyer's language (nothing changes), then saves; the shop
 * issues the PDF through the merchant CLI and the page offers it for download.
 */
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
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
  await expect(page.getByTestId("inv-error")).toHaveText(tr("en", "orderSubmit.invoiceTaxNumberInvalid"));
  await page.getByTestId("inv-tax-input").fill("91310000MA1K12345X");
  await page.getByTestId("inv-save").click();
  await expect(page.getByTestId("inv-header")).toHaveText("ACME Trading Ltd");
  await expect(page.getByTestId("inv-tax")).toHaveText("91310000MA1K12345X");
  const pdf = path.join(process.env.MALL_E2E_DATA_DIR ?? os.tmpdir(), "invoice-e2e.pdf");
  (await import("node:fs")).writeFileSync(pdf, "%PDF-1.4\n%%EOF\n");
  expect(await ops(baseURL!, "invoice-upload", orderNumber, "--file", pdf)).toContain("/uploads/invoice/");
  await page.reload();
  await expect(page.getByTestId("inv-state")).toHaveText(tr("en", "invoice.state2"));
  await expect(page.getByTestId("inv-download")).toHaveAttribute("href", /^\/uploads\/invoice\/.+\.pdf$/);
  await expect(page.getByTestId("inv-edit")).toHaveCount(0);
  expect(errors).toEqual([]);
});
