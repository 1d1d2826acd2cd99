import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./sanitize.ts";

describe("sanitizeRichText", () => {
  it("keeps ordinary formatting", () => {
    const html =
      "<h2>标题</h2><p>Some <strong>bold</strong>, <em>italic</em> and <u>underlined</u> text.</p><ul><li>one</li><li>two</li></ul><blockquote>q</blockquote>";
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("keeps tables with spans", () => {
    const html =
      '<table border="1"><thead><tr><th colspan="2">H</th></tr></thead><tbody><tr><td rowspan="2">a</td><td>b</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("keeps http, https and relative image sources and drops others", () => {
    expect(sanitizeRichText('<img src="https://x.test/a.png" alt="a">')).toBe(
      '<img src="https://x.test/a.png" alt="a" />',
    );
    expect(sanitizeRichText('<img src="/uploads/a.png">')).toBe('<img src="/uploads/a.png" />');
    expect(sanitizeRichText('<img src="http://x.test/a.png">')).toContain('src="http://x.test/a.png"');
    expect(sanitizeRichText('<img src="javascript:alert(1)">')).not.toContain("javascript");
    expect(sanitizeRichText('<img src="data:image/png;base64,AAAA">')).not.toContain("data:");
    expect(sanitizeRichText('<img src="//evil.test/a.png">')).not.toContain("evil");
  });

  it("adds rel=noopener to links and refuses javascript: URLs", () => {
    const out = sanitizeRichText('<a href="https://example.com" target="_blank">x</a>');
    expect(out).toContain('href="https://example.com"');
    expect(out).toContain('rel="noopener noreferrer"');
    expect(out).toContain('target="_blank"');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).not.toContain("javascript");
    expect(sanitizeRichText('<a href="JaVaScRiPt:alert(1)">x</a>')).not.toMatch(/javascript/i);
    expect(sanitizeRichText('<a href="/notice-detail?id=1" target="_top">x</a>')).toBe(
      '<a href="/notice-detail?id=1" rel="noopener noreferrer">x</a>',
    );
  });

  it("removes scripts, styles and frames with their content", () => {
    const out = sanitizeRichText(
      '<p>a</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://x.test">fallback</iframe><p>b</p>',
    );
    expect(out).toBe("<p>a</p><p>b</p>");
  });

  it("removes event handlers and unknown attributes", () => {
    const out = sanitizeRichText('<p onclick="alert(1)" class="x" id="y">a</p><img src="/a.png" onerror="alert(1)">');
    expect(out).toBe('<p>a</p><img src="/a.png" />');
  });

  it("keeps harmless inline styles only", () => {
    const out = sanitizeRichText(
      '<p style="text-align:center;color:#f00;position:fixed;background-image:url(javascript:x)">a</p>',
    );
    expect(out).toContain("text-align:center");
    expect(out).toContain("color:#f00");
    expect(out).not.toContain("position");
    expect(out).not.toContain("url(");
  });

  it("drops forms and inputs", () => {
    expect(sanitizeRichText('<form action="/x"><input name="a"><button>b</button></form>')).toBe("b");
  });

  it("returns an empty string for empty input", () => {
    expect(sanitizeRichText("")).toBe("");
    expect(sanitizeRichText(null)).toBe("");
    expect(sanitizeRichText(undefined)).toBe("");
  });
});
