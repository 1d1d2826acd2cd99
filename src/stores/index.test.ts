import { describe, expect, it } from "vitest";
import { $cartCount, $loginPopupOpen, $locale, $user, closeLoginPopup, openLoginPopup } from "./index.ts";

describe("stores", () => {
  it("opens and closes the login popup", () => {
    closeLoginPopup();
    expect($loginPopupOpen.get()).toBe(false);
    openLoginPopup();
    expect($loginPopupOpen.get()).toBe(true);
    closeLoginPopup();
    expect($loginPopupOpen.get()).toBe(false);
  });
  it("has visitor defaults", () => {
    expect($locale.get()).toBe("zh");
    expect($cartCount.get()).toBe(0);
    expect($user.get()).toBeNull();
  });
});
