/**
 * Rich text (notices, product descriptions, terms) passes through here before it is shown
 * (SPEC §5 "Rich text is sanitised before display"). Allows ordinary formatting, images, links
 * and tables; drops scripts, styles, frames, forms, event handlers and javascript:/data: URLs.
 */
import sanitizeHtml from "sanitize-html";

const ALLOWED_TAGS = [
  "p",
  "br",
  "hr",
  "div",
  "span",
  "blockquote",
  "pre",
  "code",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "b",
  "strong",
  "i",
  "em",
  "u",
  "s",
  "strike",
  "del",
  "ins",
  "sub",
  "sup",
  "small",
  "mark",
  "font",
  "ul",
  "ol",
  "li",
  "dl",
  "dt",
  "dd",
  "a",
  "img",
  "figure",
  "figcaption",
  "table",
  "caption",
  "colgroup",
  "col",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
];

/** Inline styles limited to harmless text and layout properties. */
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.\s,%]+\)$/i, /^[a-z]+$/i];
const LENGTH = [/^-?\d+(\.\d+)?(px|em|rem|%|pt)?$/i];
/** One to four lengths (or auto), e.g. "0 auto" or "4px 8px". */
const BOX = [/^(-?\d+(\.\d+)?(px|em|rem|%|pt)?|auto)(\s+(-?\d+(\.\d+)?(px|em|rem|%|pt)?|auto)){0,3}$/i];
const ALLOWED_STYLES: sanitizeHtml.IOptions["allowedStyles"] = {
  "*": {
    color: COLOR,
    "background-color": COLOR,
    "text-align": [/^(left|right|center|justify)$/i],
    "text-decoration": [/^(none|underline|line-through)$/i],
    "font-size": LENGTH,
    "font-weight": [/^(normal|bold|bolder|lighter|\d{3})$/i],
    "font-style": [/^(normal|italic)$/i],
    "line-height": LENGTH,
    "text-indent": LENGTH,
    width: LENGTH,
    height: LENGTH,
    "max-width": LENGTH,
    margin: BOX,
    padding: BOX,
    "vertical-align": [/^(top|middle|bottom|baseline)$/i],
  },
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    "*": ["style", "title", "align"],
    a: ["href", "name", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    font: ["color", "size"],
    td: ["colspan", "rowspan", "width"],
    th: ["colspan", "rowspan", "width", "scope"],
    col: ["span", "width"],
    colgroup: ["span", "width"],
    table: ["border", "cellpadding", "cellspacing", "width"],
    ol: ["start", "type"],
  },
  allowedStyles: ALLOWED_STYLES,
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  // These elements disappear together with their content.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "object",
    "embed",
    "template",
    "svg",
    "math",
  ],
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { ...attribs, rel: "noopener noreferrer" };
      if (out.target && out.target !== "_blank") delete out.target;
      return { tagName, attribs: out };
    },
  },
};

/** Returns HTML that is safe to insert into a page. Empty or non-string input gives "". */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, OPTIONS).trim();
}
