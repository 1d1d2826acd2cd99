/**
 * Notices (announcements) of the platform (shopId 0) and of shops: pinned list for the top-bar
 * carousel, paged list (/notice-list) and detail (/notice-detail). Only published notices whose
 * publish time has come are visible. Content is sanitised here, so callers can insert it as HTML.
 */
import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { NoticeDetail, NoticeItem, Page } from "../../../lib/api-types.ts";
import { pickText, type Locale, type LocalizedText } from "../../../lib/locale.ts";
import { sanitizeRichText } from "../../../lib/sanitize.ts";
import type { Db } from "../../db/client.ts";
import { notices } from "../../db/schema/index.ts";
import { pageOf } from "../kernel/page.ts";

export const NOTICE_PUBLISHED = 1;
/** Pinned notices shown in the top-bar carousel at most. */
export const TOP_NOTICES_MAX = 20;

interface NoticeRow {
  id: number;
  shopId: number;
  title: LocalizedText;
  publishTime: Date;
  isTop: number;
}

export function toNoticeItem(r: NoticeRow, locale: Locale): NoticeItem {
  return {
    id: r.id,
    shopId: r.shopId,
    title: pickText(r.title, locale),
    publishTime: r.publishTime.toISOString(),
    isTop: r.isTop,
  };
}

const itemColumns = {
  id: notices.id,
  shopId: notices.shopId,
  title: notices.title,
  publishTime: notices.publishTime,
  isTop: notices.isTop,
};

const visible = (now: Date) => and(eq(notices.status, NOTICE_PUBLISHED), lte(notices.publishTime, now));

/** Published pinned notices of a shop (0 = platform), newest first. */
export async function getTopNotices(db: Db, locale: Locale, shopId: number, now = new Date()): Promise<NoticeItem[]> {
  const rows = await db
    .select(itemColumns)
    .from(notices)
    .where(and(eq(notices.shopId, shopId), eq(notices.isTop, 1), visible(now)))
    .orderBy(desc(notices.publishTime), desc(notices.id))
    .limit(TOP_NOTICES_MAX);
  return rows.map((r) => toNoticeItem(r, locale));
}

/** A page of published notices of a shop (0 = platform): pinned first, then newest. */
export async function listNotices(
  db: Db,
  locale: Locale,
  shopId: number,
  page: { current: number; size: number },
  now = new Date(),
): Promise<Page<NoticeItem>> {
  const where = and(eq(notices.shopId, shopId), visible(now));
  const [countRow] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notices)
    .where(where);
  const total = Number(countRow?.n ?? 0);
  const rows = await db
    .select(itemColumns)
    .from(notices)
    .where(where)
    .orderBy(desc(notices.isTop), desc(notices.publishTime), desc(notices.id))
    .limit(page.size)
    .offset((page.current - 1) * page.size);
  return pageOf(
    rows.map((r) => toNoticeItem(r, locale)),
    total,
    page,
  );
}

/**
 * Whether a notice is shown at /notice-detail with the `shopId` query parameter `asked`: without
 * one (null or "") any notice; with one only a notice of that shop (0: the platform's), so a
 * shop's notice never shows under another shop's id, nor a platform notice under a shop's.
 */
export function noticeShownUnder(noticeShopId: number, asked: string | null): boolean {
  if (asked === null || asked === "") return true;
  return /^\d{1,9}$/.test(asked) && Number(asked) === noticeShopId;
}

/** A published notice with sanitised content, or null when unknown, withdrawn or not yet published. */
export async function getNotice(db: Db, locale: Locale, id: number, now = new Date()): Promise<NoticeDetail | null> {
  const [row] = await db
    .select({ ...itemColumns, content: notices.content })
    .from(notices)
    .where(and(eq(notices.id, id), visible(now)))
    .limit(1);
  if (!row) return null;
  return { ...toNoticeItem(row, locale), content: sanitizeRichText(pickText(row.content, locale)) };
}
