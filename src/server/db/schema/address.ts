/** Address book (domain/address). */
import { index, integer, pgTable, serial, smallint, text } from "drizzle-orm/pg-core";
import { created, updated } from "./columns.ts";

/** Address book. commonAddr 1 = the default address. Area ids are GB/T 2260 codes. */
export const addresses = pgTable(
  "addresses",
  {
    addrId: serial("addr_id").primaryKey(),
    userId: text("user_id").notNull(),
    receiver: text("receiver").notNull(),
    mobile: text("mobile").notNull(),
    provinceId: integer("province_id").notNull(),
    province: text("province").notNull(),
    cityId: integer("city_id").notNull(),
    city: text("city").notNull(),
    areaId: integer("area_id").notNull(),
    area: text("area").notNull(),
    addr: text("addr").notNull(),
    postCode: text("post_code"),
    commonAddr: smallint("common_addr").notNull().default(0),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index("addresses_user_idx").on(t.userId)],
);
