import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeBrowser, type FakeBrowser } from "../helpers/fake-browser.ts";
import { showToast, TOAST_CONTAINER_ID } from "../../../src/client/toast.ts";

let browser: FakeBrowser;
beforeEach(() => {
  browser = installFakeBrowser();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  browser.restore();
});

describe("showToast", () => {
  it("creates one polite status container and stacks toasts", () => {
    showToast("one");
    showToast("two", { type: "error" });
    const container = browser.document.getElementById(TOAST_CONTAINER_ID)!;
    expect(container.getAttribute("role")).toBe("status");
    expect(container.getAttribute("aria-live")).toBe("polite");
    expect(browser.document.body.children.filter((c) => c.id === TOAST_CONTAINER_ID)).toHaveLength(1);
    expect(container.children.map((c) => c.textContent)).toEqual(["one", "two"]);
    expect(container.children[1]!.getAttribute("data-toast-type")).toBe("error");
  });

  it("removes each toast after its duration (default 1500 ms)", () => {
    showToast("long");
    showToast("short", { duration: 1000 });
    const container = browser.document.getElementById(TOAST_CONTAINER_ID)!;
    vi.advanceTimersByTime(1000);
    expect(container.children.map((c) => c.textContent)).toEqual(["long"]);
    vi.advanceTimersByTime(499);
    expect(container.children).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(container.children).toHaveLength(0);
  });

  it("can be dismissed early", () => {
    const dismiss = showToast("x");
    dismiss();
    dismiss();
    expect(browser.document.getElementById(TOAST_CONTAINER_ID)!.children).toHaveLength(0);
  });

  it("sets text, not HTML", () => {
    showToast("<b>x</b>");
    expect(browser.document.getElementById(TOAST_CONTAINER_ID)!.children[0]!.textContent).toBe("<b>x</b>");
  });

  it("ignores empty messages", () => {
    showToast("");
    expect(browser.document.getElementById(TOAST_CONTAINER_ID)).toBeNull();
  });
});

describe("without a document", () => {
  it("is a no-op", () => {
    browser.restore();
    expect(() => showToast("x")()).not.toThrow();
    browser = installFakeBrowser();
  });
});
