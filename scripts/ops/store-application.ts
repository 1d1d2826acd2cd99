/** Store applications and shop status in the ops CLI (platform token; docs/store-application.md). */
import type { PlatformApplicationDto } from "../../src/server/domain/store-application/store-application.ts";
import { addPage, UsageError } from "./args.ts";
import type { OpsCommand } from "./command.ts";
import { printPage, table, time, type ListPage } from "./output.ts";

const APPLY_STATUS_NAMES: Record<number, string> = { 0: "under review", 1: "approved", [-1]: "rejected" };
const SHOP_STATUS_NAMES: Record<number, string> = {
  1: "open",
  0: "under review",
  [-1]: "not yet open",
  2: "offline",
  3: "suspended",
};
const applyStatus = (n: number) => `${n} ${APPLY_STATUS_NAMES[n] ?? ""}`.trim();
const shopStatusName = (n: number | null) => (n === null ? "-" : (SHOP_STATUS_NAMES[n] ?? String(n)));

export const commands: OpsCommand[] = [
  {
    name: "applications",
    section: "platform",
    usage: [
      "  applications [--status 0|1|-1] store applications, newest first (0 under review, 1 approved,",
      "                                -1 rejected; --page, --size)",
    ],
    async run({ v, io, client, need }) {
      need(0, "no arguments (use --status, --page, --size)");
      const q = new URLSearchParams();
      if (v.status !== undefined) {
        if (!["0", "1", "-1"].includes(v.status.trim()))
          throw new UsageError("--status is 0 (under review), 1 (approved) or -1 (rejected)");
        q.set("status", v.status.trim());
      }
      addPage(q, v);
      const page = await client.platform<ListPage<PlatformApplicationDto>>("GET", `/storeApplications?${q}`);
      printPage(io.out, v.json, page, "application", (records) => {
        const rows = records.map((a) => [
          String(a.applyId),
          applyStatus(a.status),
          a.shopName,
          a.username,
          a.mobile,
          time(a.submitTime),
          a.shopId === null ? "-" : `${a.shopId} ${shopStatusName(a.shopStatus)}`,
        ]);
        return table([["id", "status", "store", "applicant", "mobile", "submitted", "shop"], ...rows]);
      });
      return 0;
    },
  },
  {
    name: "application",
    section: "platform",
    usage: ["  application <applyId>         one application with its images (URLs), the shop and its account"],
    async run({ args, v, io, client, need }) {
      const out = io.out;
      need(1, "an application id (see: npm run ops -- applications)");
      if (!/^\d+$/.test(args[0]!)) throw new UsageError("the application id is a number");
      const a = await client.platform<PlatformApplicationDto>("GET", `/storeApplications/${args[0]}`);
      if (v.json) {
        out(JSON.stringify(a, null, 2));
        return 0;
      }
      out(
        `Application ${a.applyId}  ${applyStatus(a.status)}  by ${a.username}${a.nickName ? ` (${a.nickName})` : ""}`,
      );
      out(`  store ${a.shopName}  type ${a.type === 2 ? "preferred" : "general"}  mobile ${a.mobile}`);
      out(`  address ${a.province} ${a.city} ${a.area} ${a.addr}`);
      out(`  description ${a.intro}`);
      out(`  submitted ${time(a.submitTime)}  reviewed ${time(a.reviewTime)}`);
      if (a.rejectReason) out(`  rejected because: ${a.rejectReason}`);
      out("  images:");
      for (const [label, p] of [
        ["logo", a.shopLogo],
        ["business licence", a.businessLicense],
        ["ID card front", a.identityCardFront],
        ["ID card back", a.identityCardLater],
      ] as const)
        out(`    ${label}: ${client.url}${p}`);
      if (a.shopId !== null)
        out(`  shop ${a.shopId}  ${shopStatusName(a.shopStatus)}  store account ${a.storeAccount ?? "(not set yet)"}`);
      return 0;
    },
  },
  {
    name: "approve",
    section: "platform",
    usage: ['  approve <applyId> [--open]    approve: creates the shop ("not yet open", or open with --open)'],
    async run({ args, v, io, client, need }) {
      need(1, "an application id");
      if (!/^\d+$/.test(args[0]!)) throw new UsageError("the application id is a number");
      const r = await client.platform<{ shopId: number; shopStatus: number }>(
        "POST",
        `/storeApplications/${args[0]}/approve`,
        { open: v.open === true },
      );
      io.out(
        v.json
          ? JSON.stringify(r)
          : `approved application ${args[0]}: shop ${r.shopId} created (${shopStatusName(r.shopStatus)})`,
      );
      return 0;
    },
  },
  {
    name: "reject",
    section: "platform",
    usage: ['  reject <applyId>              reject: --reason "…" (1-200 characters, shown to the applicant)'],
    async run({ args, v, io, client, need }) {
      need(1, "an application id");
      if (!/^\d+$/.test(args[0]!)) throw new UsageError("the application id is a number");
      if (v.reason === undefined) throw new UsageError('reject needs --reason "…"');
      await client.platform("POST", `/storeApplications/${args[0]}/reject`, { reason: v.reason });
      io.out(`rejected application ${args[0]}`);
      return 0;
    },
  },
  {
    name: "shop",
    section: "platform",
    usage: [
      "  shop <open|offline|suspend> <shopId>",
      "                                open (or reopen), take offline or suspend a shop",
    ],
    async run({ args, v, io, client }) {
      if (args.length !== 2 || !["open", "offline", "suspend", "reopen"].includes(args[0]!))
        throw new UsageError("use: shop <open|offline|suspend> <shopId>");
      if (!/^\d+$/.test(args[1]!)) throw new UsageError("the shop id is a number");
      const action = args[0] === "reopen" ? "open" : args[0]!;
      const r = await client.platform<{ shopId: number; shopStatus: number }>("POST", `/shops/${args[1]}/${action}`);
      io.out(v.json ? JSON.stringify(r) : `shop ${r.shopId} is now ${shopStatusName(r.shopStatus)}`);
      return 0;
    },
  },
];
