/** Invoices in the ops CLI: orders with an invoice request, and issuing the invoice (a PDF). */
import fs from "node:fs";
import path from "node:path";
import { addPage, intOpt, OpsError, UsageError } from "./args.ts";
import type { OpsCommand } from "./command.ts";
import { printPage, table, type ListPage } from "./output.ts";

interface InvoiceRow {
  orderNumber: string;
  invoiceState: number;
  invoiceType: number;
  headerName: string;
  invoiceTaxNumber: string | null;
  actualTotal: string;
  filePath: string | null;
}

export const commands: OpsCommand[] = [
  {
    name: "invoices",
    section: "shop",
    usage: [
      "  invoices [--state 0|1|2]      orders with an invoice request (1 in progress, 2 invoiced; --page, --size)",
    ],
    async run({ v, io, client, need }) {
      need(0, "no arguments (use --state, --page, --size)");
      const q = new URLSearchParams();
      q.set("state", String(intOpt("state", v.state) ?? 0));
      addPage(q, v);
      const page = await client.call<ListPage<InvoiceRow>>("GET", `/merchant/invoices?${q}`);
      printPage(io.out, v.json, page, "invoice", (records) => {
        const rows = records.map((r) => [
          r.orderNumber,
          r.invoiceState === 2 ? "invoiced" : "in progress",
          r.invoiceType === 2 ? "unit" : "personal",
          r.headerName,
          r.invoiceTaxNumber ?? "-",
          r.actualTotal,
          r.filePath ?? "-",
        ]);
        return table([["order", "state", "type", "title", "taxpayer no.", "amount", "file"], ...rows]);
      });
      return 0;
    },
  },
  {
    name: "invoice-upload",
    section: "shop",
    usage: ["  invoice-upload <orderNumber>  issue the invoice: --file <invoice.pdf> (a PDF, at most 5 MB)"],
    async run({ args, v, io, client, need }) {
      need(1, "an order number");
      if (!v.file) throw new UsageError("invoice-upload needs --file <invoice.pdf>");
      let bytes: Buffer;
      try {
        bytes = fs.readFileSync(v.file);
      } catch (err) {
        throw new OpsError(`cannot read ${v.file}: ${(err as Error).message}`);
      }
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), path.basename(v.file));
      const r = await client.call<{ filePath: string }>(
        "POST",
        `/merchant/invoices/${encodeURIComponent(args[0]!)}/file`,
        form,
      );
      io.out(v.json ? JSON.stringify(r) : `invoice of ${args[0]} issued: ${r.filePath}`);
      return 0;
    },
  },
];
