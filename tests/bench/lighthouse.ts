/**
 * Lighthouse in one headless system Chromium, for the bench's sections that run it (5, and 15's
 * pages with photos): the modules and the browser, or why they cannot run here.
 */
export interface LighthouseKit {
  lighthouse: typeof import("lighthouse").default;
  desktopConfig: typeof import("lighthouse").desktopConfig;
  chrome: Awaited<ReturnType<typeof import("chrome-launcher").launch>>;
}

export async function openLighthouse(chromePath: string): Promise<LighthouseKit | { skipped: string }> {
  let lighthouse: LighthouseKit["lighthouse"];
  let desktopConfig: LighthouseKit["desktopConfig"];
  let launch: typeof import("chrome-launcher").launch;
  try {
    ({ default: lighthouse, desktopConfig } = await import("lighthouse"));
    ({ launch } = await import("chrome-launcher"));
  } catch (e) {
    return { skipped: `lighthouse / chrome-launcher cannot be loaded: ${(e as Error).message}` };
  }
  try {
    const chrome = await launch({ chromePath, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
    return { lighthouse, desktopConfig, chrome };
  } catch (e) {
    return { skipped: `Chromium did not start: ${(e as Error).message}` };
  }
}
