import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { installFakeBrowser, type FakeBrowser } from "../helpers/fake-browser.ts";
import { clearToken, getToken, isLoggedIn, logoutCleanup, setToken, TOKEN_COOKIE } from "../../../src/client/token.ts";
import { deleteCookie, getCookie, readCookies, setCookie } from "../../../src/client/cookies.ts";
import { $cartCount, $user } from "../../../src/stores/index.ts";

let browser: FakeBrowser;
afterEach(() => browser.restore());

describe("cookies", () => {
  beforeEach(() => {
    browser = installFakeBrowser();
  });
  it("parses, encodes and decodes", () => {
    setCookie("a b", "x=y; z");
    expect(getCookie("a b")).toBe("x=y; z");
    expect(readCookies("a=1; b=%E4%B8%AD; bad=%E0%A4%A")).toEqual({ a: "1", b: "中", bad: "%E0%A4%A" });
    expect(getCookie("missing")).toBeNull();
  });
  it("writes path, SameSite and Max-Age; deletes with Max-Age=0", () => {
    setCookie("k", "v", { maxAgeSeconds: 60 });
    expect(browser.document.cookieWrites.at(-1)).toBe("k=v; Path=/; SameSite=Lax; Max-Age=60");
    deleteCookie("k");
    expect(browser.document.cookieWrites.at(-1)).toContain("Max-Age=0");
    expect(getCookie("k")).toBeNull();
  });
  it("adds Secure on https", () => {
    browser.location.protocol = "https:";
    setCookie("k", "v");
    expect(browser.document.cookieWrites.at(-1)).toMatch(/; Secure$/);
  });
});

describe("token (SPEC §4)", () => {
  beforeEach(() => {
    browser = installFakeBrowser();
  });
  it("lives in the token cookie", () => {
    expect(getToken()).toBeNull();
    expect(isLoggedIn()).toBe(false);
    setToken("abc.def", 2_592_000);
    expect(TOKEN_COOKIE).toBe("token");
    expect(getCookie("token")).toBe("abc.def");
    expect(getToken()).toBe("abc.def");
    expect(isLoggedIn()).toBe(true);
    expect(browser.document.cookieWrites.at(-1)).toContain("Max-Age=2592000");
    clearToken();
    expect(getToken()).toBeNull();
  });
});

describe("logoutCleanup", () => {
  function setup(path: string) {
    browser = installFakeBrowser(path);
    setToken("t", 100);
    browser.document.cookie = "lang=en";
    browser.localStorage.setItem("a", "1");
    browser.localStorage.setItem("b", "2");
    $user.set({ userId: "1", nickName: "n", userAvatar: null, userMobile: null, username: "u" });
    $cartCount.set(5);
  }
  it("clears token, all local storage and user state, then goes home", () => {
    setup("/user-center/uc-order");
    logoutCleanup();
    expect(getToken()).toBeNull();
    expect(getCookie("lang")).toBe("en");
    expect(browser.localStorage.length).toBe(0);
    expect($user.get()).toBeNull();
    expect($cartCount.get()).toBe(0);
    expect(browser.location.assigned).toEqual(["/"]);
    expect(browser.location.reloads).toBe(0);
  });
  it("goes to the localized home", () => {
    setup("/en/cart");
    logoutCleanup();
    expect(browser.location.assigned).toEqual(["/en/"]);
  });
  it.each([["/"], ["/en/"], ["/en"], ["/zh-tw/"]])("reloads when already on home %s", (path) => {
    setup(path);
    logoutCleanup();
    expect(browser.location.reloads).toBe(1);
    expect(browser.location.assigned).toEqual([]);
  });
});
