// @ts-check
/**
 * A build-time change to Astro's page renderer (docs/performance.md "Encoding a page").
 *
 * With streaming off (astro.config.mjs), Astro renders a page by appending every chunk to one
 * string and then UTF-8-encodes it. That string is a rope of thousands of pieces; encoding it
 * first flattens it into one flat string. A page with any character beyond Latin-1 (every page
 * has the language names 简体中文 / 繁體中文) is a two-byte string, and from 64 K characters
 * (128 KB) V8 allocates it in its large-object space: fresh pages mapped, faulted in and unmapped
 * for every page rendered. A 72 KB product page spent ~1 ms there; encoded in pieces of at most
 * 32 K characters it spends ~0.1 ms, to the same bytes (+11 % product pages a second at 100,000
 * products).
 *
 * The plugin rewrites `renderStreamToString` in astro/dist/runtime/server/render/astro/render.js
 * so that a page (isPage) is encoded every 32 K characters and returned as one Uint8Array, and
 * `renderPage` (render/page.js) so that it sends those bytes with their Content-Length, as it
 * does for a string. It throws at build time when the code it rewrites is not found (an Astro
 * upgrade): the unit test tests/unit/astro-page-encoding.test.ts checks the installed Astro.
 */

import { astroRewritePlugin } from "./astro-rewrite-plugin.mjs";

/** Characters of a page encoded at a time: two-byte flat strings stay under V8's 128 KB object limit. */
export const PAGE_PIECE_CHARS = 32 * 1024;

const RENDER_FILE = /astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]astro[\\/]render\.js$/;
const PAGE_FILE = /astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]page\.js$/;

const DECLARE = `async function renderStreamToString(result, templateResult, isPage) {
  let str = "";`;
const APPEND = `    str += chunkToString(result, chunk);
    }
  };
  await renderStreaming(templateResult, result, destination);
  return str;
}`;

/**
 * Rewrites the source of Astro's render.js; throws when it does not hold the expected code.
 * @param {string} code
 * @returns {string}
 */
export function encodePageInPieces(code) {
  if (!code.includes(DECLARE) || !code.includes(APPEND) || !/\bencoder\b/.test(code))
    throw new Error(
      "astro-page-encoding: Astro's renderStreamToString is not what scripts/astro-page-encoding.mjs expects (an Astro upgrade?)",
    );
  return code.replace(DECLARE, `${DECLARE}\n  let pieces = null;`).replace(
    APPEND,
    `    str += chunkToString(result, chunk);
      if (isPage && str.length > ${PAGE_PIECE_CHARS}) {
        (pieces ??= []).push(encoder.encode(str));
        str = "";
      }
    }
  };
  await renderStreaming(templateResult, result, destination);
  if (pieces) {
    pieces.push(encoder.encode(str));
    let length = 0;
    for (const p of pieces) length += p.length;
    const bytes = new Uint8Array(length);
    let offset = 0;
    for (const p of pieces) {
      bytes.set(p, offset);
      offset += p.length;
    }
    return bytes;
  }
  return str;
}`,
  );
}

const STRING_BODY = `  if (!streaming && typeof body === "string") {
    body = encoder.encode(body);
    headers.set("Content-Length", body.byteLength.toString());
  }`;

/**
 * Rewrites the source of Astro's page.js: a page rendered to bytes gets its Content-Length too.
 * @param {string} code
 * @returns {string}
 */
export function lengthOfPageBytes(code) {
  if (!code.includes(STRING_BODY))
    throw new Error(
      "astro-page-encoding: Astro's renderPage is not what scripts/astro-page-encoding.mjs expects (an Astro upgrade?)",
    );
  return code.replace(
    STRING_BODY,
    `${STRING_BODY} else if (!streaming && body instanceof Uint8Array) {
    headers.set("Content-Length", body.byteLength.toString());
  }`,
  );
}

/** @returns {import("vite").Plugin} */
export function astroPageEncoding() {
  return astroRewritePlugin("mall:astro-page-encoding", [
    [RENDER_FILE, encodePageInPieces],
    [PAGE_FILE, lengthOfPageBytes],
  ]);
}
