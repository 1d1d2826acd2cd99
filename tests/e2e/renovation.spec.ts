/**
 * A merchant decorates the shop page through the API (docs/renovation.md): uploads a picture,
 * creates a draft with localized words over it, opens its preview link and sees the draft; the
 * public shop page does not show it until it is published, then does — in three locales. The
 * unsaved preview link shows the content too. Shop 6 (open, not decorated by the seed) is used
 * and put back to its plain page at the end.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { LOCALES, png, prefix, type Locale } from "./helpers.ts";

const HEADLINE: Record<Locale, string> = { zh: "春季上新", "zh-tw": "新品到貨", en: "Spring arrivals" };
const CAPTION: Record<Locale, string> = { zh: "全场九折", "zh-tw": "全場九折", en: "10% off everything" };

async function merchant(request: APIRequestContext) {
  const login = await (
    await request.post("/api/merchant/login", { data: { username: "shop06", password: "Shop1234" } })
  ).json();
  const token = login.data.accessToken as string;
  const call = async <T>(method: "GET" | "POST" | "PUT", p: string, data?: unknown): Promise<T> => {
    const res = await request.fetch(`/api/merchant${p}`, {
      method,
      headers: { authorization: token, "accept-language": "en" },
      ...(data !== undefined ? { data } : {}),
    });
    const body = await res.json();
    expect(body.code, `${p} ${JSON.stringify(body)}`).toBe("00000");
    return body.data as T;
  };
  return { token, call };
}

test("a merchant's draft: preview, not public until published, then public — in three locales", async ({
  page,
  request,
}) => {
  const { token, call } = await merchant(request);
  const pic = png("banner.png");
  const uploaded = await (
    await request.post("/api/merchant/file/upload", {
      headers: { authorization: token },
      multipart: { file: pic },
    })
  ).json();
  const img = uploaded.data.filePath as string;
  const products = await (await request.get("/api/search/searchProdPage?shopId=6&current=1&size=2")).json();
  const prodIds = ((products.data?.records ?? []) as { prodId: number }[]).map((p) => ({ id: p.prodId }));

  const content = [
    {
      type: "picture_by",
      dataField: {
        size: 1920,
        height: 400,
        picList: [
          {
            img,
            overlay: {
              headline: { zh: HEADLINE.zh, "zh-tw": HEADLINE["zh-tw"], en: HEADLINE.en },
              caption: { zh: CAPTION.zh, "zh-tw": CAPTION["zh-tw"], en: CAPTION.en },
            },
          },
        ],
      },
    },
    ...(prodIds.length ? [{ type: "goods_list", dataField: { listType: 4, goodsList: prodIds } }] : []),
    { type: "page_background", dataField: { background: "#fafafa" } },
  ];

  // Preview before saving: a link to the unsaved content, in the language asked for (Accept-Language: en).
  const unsaved = new URL((await call<{ previewUrl: string }>("POST", "/renovations/preview", { content })).previewUrl);
  expect(unsaved.pathname).toBe("/en/select-decorate");
  await page.goto(unsaved.pathname + unsaved.search);
  await expect(page.getByTestId("decorate-preview-banner")).toBeVisible();
  await expect(page.getByTestId("picture-overlay").first()).toContainText(HEADLINE.en);

  const { renovationId, previewUrl } = await call<{ renovationId: number; previewUrl: string }>(
    "POST",
    "/renovations",
    {
      name: "Spring",
      content,
    },
  );
  const preview = new URL(previewUrl);
  // Another language: that language's prefix in place of the link's (docs/renovation.md).
  expect(preview.pathname).toBe("/en/select-decorate");
  const bare = preview.pathname.slice("/en".length);
  try {
    for (const locale of LOCALES) {
      await page.goto(`${prefix(locale)}${bare}${preview.search}`);
      await expect(page.getByTestId("decorate-preview-banner")).toBeVisible();
      const overlay = page.getByTestId("picture-overlay").first();
      await expect(overlay).toContainText(HEADLINE[locale]);
      await expect(overlay).toContainText(CAPTION[locale]);
      // the public shop page does not show the draft
      await page.goto(`${prefix(locale)}/shopIndex?sid=6`);
      await expect(page.getByText(HEADLINE[locale])).toHaveCount(0);
    }

    await call("POST", `/renovations/${renovationId}/publish`);

    for (const locale of LOCALES) {
      await page.goto(`${prefix(locale)}/shopIndex?sid=6`);
      const overlay = page.getByTestId("picture-overlay").first();
      await expect(overlay).toContainText(HEADLINE[locale]);
      await expect(overlay).toContainText(CAPTION[locale]);
      for (const other of LOCALES.filter((l) => HEADLINE[l] !== HEADLINE[locale]))
        await expect(overlay).not.toContainText(HEADLINE[other]);
    }
  } finally {
    const list = await call<{ renovationId: number; status: number }[]>("GET", "/renovations");
    for (const r of list.filter((x) => x.status === 1)) await call("POST", `/renovations/${r.renovationId}/unpublish`);
  }
  await page.goto("/shopIndex?sid=6");
  await expect(page.getByText(HEADLINE.zh)).toHaveCount(0);
});
