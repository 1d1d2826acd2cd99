/**
 * SPEC §2's optional ids: /detail/{prodId optional} and /secdetail/{seckillId optional} treated as
 * /member-center/integral-det is — the query form goes to the path form (301), no id to the
 * product list / the flash-sale page (302), in the address's locale.
 */
import { expect, test } from "@playwright/test";
import { LOCALES, prefix } from "./helpers.ts";

for (const locale of LOCALES) {
  const p = prefix(locale);

  test(`${locale}: /detail?prodId= goes to /detail/<id>; /detail without an id to /list`, async ({ request, page }) => {
    const query = await request.get(`${p}/detail?prodId=1`, { maxRedirects: 0 });
    expect(query.status()).toBe(301);
    expect(query.headers().location).toBe(`${p}/detail/1`);
    for (const bare of [`${p}/detail`, `${p}/detail?prodId=abc`, `${p}/detail?seckillId=1`]) {
      const res = await request.get(bare, { maxRedirects: 0 });
      expect(res.status(), bare).toBe(302);
      expect(res.headers().location, bare).toBe(`${p}/list`);
    }
    await page.goto(`${p}/detail?prodId=1`);
    await expect(page).toHaveURL((u) => u.pathname === `${p}/detail/1` && u.search === "");
    await expect(page.getByTestId("contact-seller")).toBeVisible();
  });

  test(`${locale}: /secdetail?seckillId= goes to /secdetail/<id>; /secdetail without an id to /flash-sale`, async ({
    request,
  }) => {
    const query = await request.get(`${p}/secdetail?seckillId=2`, { maxRedirects: 0 });
    expect(query.status()).toBe(301);
    expect(query.headers().location).toBe(`${p}/secdetail/2`);
    for (const bare of [`${p}/secdetail`, `${p}/secdetail?seckillId=x`, `${p}/secdetail?prodId=2`]) {
      const res = await request.get(bare, { maxRedirects: 0 });
      expect(res.status(), bare).toBe(302);
      expect(res.headers().location, bare).toBe(`${p}/flash-sale`);
    }
    expect((await request.get(`${p}/secdetail`)).status()).toBe(200);
    // The path forms are unchanged: the checkout page stays where it was, an unknown id is 404.
    expect((await request.get(`${p}/secdetail/999999`)).status()).toBe(404);
    expect((await request.get(`${p}/detail/999999`)).status()).toBe(404);
  });
}
