/**
 * Demo store applications (docs/store-application.md), relative to the seeding time: reviewer01
 * ("小鹿同学", password Review1234) has one under review, submitted two hours ago; reviewer02
 * ("Tom_Lee") one rejected yesterday with the platform's reason, to modify and resubmit. The
 * documents are generated SVG pictures (the form asks to upload real images when resubmitting);
 * the licence and the ID card are private (folder "identity", domain/upload/private-upload.ts),
 * recorded as their applicant's uploads so that only the applicant and the platform see them.
 * The demo buyer has none, so the whole flow can be tried with it.
 */
import { storeApplications, uploadOwners } from "../db/schema/index.ts";
import type { SeedContext } from "./context.ts";
import { badgeSvg, shopLogoSvg } from "./images.ts";
import { fixedUuid } from "./random.ts";

function docs(ctx: SeedContext, key: string, word: string, color: string) {
  return {
    shopLogo: ctx.images.add(
      `store/${key}-logo.svg`,
      shopLogoSvg({ word, color, icon: "store", shape: [...key].reduce((n, ch) => n + ch.charCodeAt(0), 0) }),
    ),
    businessLicense: ctx.images.add(`identity/${key}-licence.svg`, badgeSvg("证", "#8a6d3b")),
    identityCardFront: ctx.images.add(`identity/${key}-id-front.svg`, badgeSvg("ID", "#31708f")),
    identityCardLater: ctx.images.add(`identity/${key}-id-back.svg`, badgeSvg("ID", "#3c763d")),
  };
}

export async function seedStoreApplications(ctx: SeedContext): Promise<void> {
  const now = ctx.clock.now;
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);
  const rows = await ctx.tx
    .insert(storeApplications)
    .values([
      {
        userId: fixedUuid(0x101),
        shopName: "小鹿手作烘焙",
        mobile: "13900000001",
        provinceId: 44,
        province: "广东省",
        cityId: 4403,
        city: "深圳市",
        areaId: 440305,
        area: "南山区",
        addr: "科苑路 88 号 2 栋 301",
        intro: "手工烘焙的面包与甜点，当天现做，选用进口黄油与有机面粉。",
        ...docs(ctx, "a1", "小鹿烘焙", "#d9822b"),
        type: 0,
        status: 0,
        submittedAt: hoursAgo(2),
        createdAt: hoursAgo(2),
        updatedAt: hoursAgo(2),
      },
      {
        userId: fixedUuid(0x102),
        shopName: "Tom Outdoor Gear",
        mobile: "13900000002",
        provinceId: 31,
        province: "上海市",
        cityId: 3101,
        city: "市辖区",
        areaId: 310115,
        area: "浦东新区",
        addr: "Century Avenue 100, Room 1203",
        intro: "Tents, backpacks and hiking boots from brands we use ourselves.",
        ...docs(ctx, "a2", "TOM OUTDOOR", "#2b7bd9"),
        type: 2,
        status: -1,
        rejectReason:
          "营业执照照片不清晰，请重新上传 / The business licence photo is not readable, please upload it again",
        submittedAt: hoursAgo(30),
        reviewedAt: hoursAgo(20),
        createdAt: hoursAgo(30),
        updatedAt: hoursAgo(20),
      },
    ])
    .returning({
      userId: storeApplications.userId,
      businessLicense: storeApplications.businessLicense,
      identityCardFront: storeApplications.identityCardFront,
      identityCardLater: storeApplications.identityCardLater,
    });
  await ctx.tx.insert(uploadOwners).values(
    rows.flatMap((r) =>
      [r.businessLicense, r.identityCardFront, r.identityCardLater].map((path) => ({
        path,
        userId: r.userId,
        shopId: null,
      })),
    ),
  );
}
