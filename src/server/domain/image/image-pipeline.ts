/**
 * The image pipeline (docs/image.md): every uploaded picture goes through here before anything is
 * stored. sharp (libvips) decodes it completely, so a file that is not the image it claims to be, a
 * truncated one, a decompression bomb (refused from its header, before decoding), an animation
 * where a still is wanted, HEIC, CMYK and 16-bit files are refused with a message of the "upload"
 * namespace; what passes is turned upright by its EXIF orientation, loses all its metadata (GPS
 * above all) and is stored re-encoded — never the bytes as they came. Its width, height,
 * placeholder colour and content hash go to the table images; the ladder of widths
 * (image-ladder.ts) is made later by the background worker (image-worker.ts).
 *
 * libvips runs off the event loop; `IMAGE_THREADS` (default 1) bounds the threads each operation
 * uses and the worker runs one picture at a time, so a burst of uploads never takes both cores.
 */
import { createHash } from "node:crypto";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { DomainError } from "../kernel/domain-error.ts";
import { variantHeight, type ImageInfo, type VariantFormat } from "../../../lib/image/ladder.ts";

/** The most pixels a picture may have (read from its header, before anything is decoded). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** The longest side of a stored picture: larger ones are scaled down on upload (the ladder stops at 1920). */
export const MAX_STORED_SIDE = 2560;
/**
 * An animation's budget (chat GIFs), read from its header before its frames are decoded: at most
 * this many frames, and at most MAX_INPUT_PIXELS over all of them — every variant decodes them all.
 */
export const MAX_ANIMATION_FRAMES = 500;

sharp.concurrency(Math.max(1, Number(process.env.IMAGE_THREADS) || 1));
sharp.cache({ memory: 32, files: 0, items: 50 });

/** Refusals of the image pipeline: keys of the "upload" namespace, beside the other upload refusals. */
export class ImageError extends DomainError {}

type StoredExt = "jpg" | "png" | "gif" | "webp";

function startsWith(bytes: Uint8Array, sig: number[], offset = 0): boolean {
  if (bytes.length < offset + sig.length) return false;
  return sig.every((b, i) => bytes[offset + i] === b);
}

const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

/** The image type of `bytes` by content: JPEG, PNG, GIF (87a/89a) or WebP; null for anything else. */
export function sniffImage(bytes: Uint8Array): StoredExt | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}

/** A picture ready to be stored: the re-encoded bytes and what the pages need to know. */
export interface NormalizedImage extends ImageInfo {
  bytes: Uint8Array;
  ext: StoredExt;
  animated: boolean;
}

/** Markup inside a picture file makes it a polyglot (HTML, SVG, script, PHP): refused. */
const MARKUP = /<(?:script|html|svg|body|iframe|!doctype|\?php)/i;

const u16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const u32le = (b: Uint8Array, i: number) => ((b[i + 3]! << 24) >>> 0) + (b[i + 2]! << 16) + (b[i + 1]! << 8) + b[i]!;

/** A JPEG's bytes other than its entropy-coded pixels: every segment's header and data, and what follows its end. */
function jpegOutsidePixels(b: Uint8Array): Uint8Array[] {
  const parts: Uint8Array[] = [];
  let i = 2;
  while (i + 1 < b.length) {
    if (b[i] !== 0xff) break;
    const marker = b[i + 1]!;
    if (marker === 0xff) i++;
    else if (marker === 0xd9) return [...parts, b.subarray(i + 2)];
    else if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) i += 2;
    else {
      if (i + 3 >= b.length) break;
      const end = i + 2 + u16(b, i + 2);
      parts.push(b.subarray(i + 4, end));
      i = end;
      // Scan data: up to the next marker (0xFF followed by neither a stuffed 0x00 nor a restart marker).
      if (marker === 0xda)
        while (i + 1 < b.length && !(b[i] === 0xff && b[i + 1] !== 0 && !(b[i + 1]! >= 0xd0 && b[i + 1]! <= 0xd7))) i++;
    }
  }
  return [...parts, b.subarray(i)];
}

/** A PNG's chunks other than the compressed pixels (IDAT, fdAT), and what follows IEND. */
function pngOutsidePixels(b: Uint8Array): Uint8Array[] {
  const parts: Uint8Array[] = [];
  let i = 8;
  while (i + 8 <= b.length) {
    const len = u32be(b, i);
    const type = String.fromCharCode(...b.subarray(i + 4, i + 8));
    if (type !== "IDAT" && type !== "fdAT") parts.push(b.subarray(i + 4, i + 8 + len));
    i += 12 + len;
    if (type === "IEND") break;
  }
  return [...parts, b.subarray(i)];
}

/** A WebP's chunks other than the compressed pixels (VP8, VP8L, ALPH, ANMF), and what follows the RIFF. */
function webpOutsidePixels(b: Uint8Array): Uint8Array[] {
  const parts: Uint8Array[] = [];
  const riffEnd = Math.min(b.length, 8 + u32le(b, 4));
  let i = 12;
  while (i + 8 <= riffEnd) {
    const type = String.fromCharCode(...b.subarray(i, i + 4));
    const len = u32le(b, i + 4);
    if (!["VP8 ", "VP8L", "ALPH", "ANMF"].includes(type)) parts.push(b.subarray(i, i + 8 + len));
    i += 8 + len + (len % 2);
  }
  return [...parts, b.subarray(Math.min(i, riffEnd)), b.subarray(riffEnd)];
}

/**
 * Whether markup hides in the picture where a polyglot puts it: its metadata, comments and
 * whatever follows the image's end. The compressed pixels are not looked at: a 12 MP photo's
 * megabytes of them hold "<svg" by chance about one time in ten. A GIF is looked at whole.
 */
export function hasMarkup(bytes: Uint8Array, kind: StoredExt): boolean {
  const parts =
    kind === "jpg"
      ? jpegOutsidePixels(bytes)
      : kind === "png"
        ? pngOutsidePixels(bytes)
        : kind === "webp"
          ? webpOutsidePixels(bytes)
          : [bytes];
  return parts.some((p) => MARKUP.test(Buffer.from(p.buffer, p.byteOffset, p.byteLength).toString("latin1")));
}

function startsWithAscii(bytes: Uint8Array, s: string, offset = 0): boolean {
  if (bytes.length < offset + s.length) return false;
  for (let i = 0; i < s.length; i++) if (bytes[offset + i] !== s.charCodeAt(i)) return false;
  return true;
}

const refuse = (key: string, params?: Record<string, unknown>) => new ImageError(key, params ? { params } : undefined);

/**
 * The refusal an animation's header earns (its frames' count and size), or null when it is within
 * the budget: more than MAX_ANIMATION_FRAMES frames, or more than MAX_INPUT_PIXELS over all its
 * frames (a few KB of GIF can hold thousands of identical frames: a decompression bomb).
 */
export function animationRefusal(frames: number, frameWidth: number, frameHeight: number): ImageError | null {
  if (frames <= MAX_ANIMATION_FRAMES && frames * frameWidth * frameHeight <= MAX_INPUT_PIXELS) return null;
  return refuse("upload.imageTooManyFrames", {
    frames: MAX_ANIMATION_FRAMES,
    mp: Math.floor(MAX_INPUT_PIXELS / 1_000_000),
  });
}

/** 12 hex characters of the sha-256 of `bytes`: the hash in every variant's name. */
export function contentHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 12);
}

function hex(n: number): string {
  return Math.max(0, Math.min(255, Math.round(n)))
    .toString(16)
    .padStart(2, "0");
}

/**
 * Verifies and normalizes an uploaded picture, or refuses it (UploadError, "upload" keys):
 * imageFormat (not a picture we take), imageHeic, imagePolyglot, imageTooManyPixels, imageBroken
 * (truncated or undecodable), imageAnimated (animation where a still is wanted), imageTooManyFrames
 * (an animation over its budget), imageCmyk, imageDeep (16 bits per channel).
 */
export async function normalizeUpload(
  input: Uint8Array,
  opts: { allowAnimation?: boolean } = {},
): Promise<NormalizedImage> {
  const kind = sniffImage(input);
  // HEIC / HEIF / AVIF: an ISO-BMFF box "ftyp" at byte 4 (phones' photos); named in its own message.
  if (!kind && startsWithAscii(input, "ftyp", 4)) throw refuse("upload.imageHeic");
  if (!kind) throw refuse("upload.imageFormat");
  if (hasMarkup(input, kind)) throw refuse("upload.imagePolyglot");
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse("upload.imageBroken");
  }
  if (meta.format !== FORMAT_OF[kind]) throw refuse("upload.imageFormat");
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width <= 0 || height <= 0) throw refuse("upload.imageBroken");
  if (width * height > MAX_INPUT_PIXELS)
    throw refuse("upload.imageTooManyPixels", { mp: Math.floor(MAX_INPUT_PIXELS / 1_000_000) });
  if (meta.space === "cmyk") throw refuse("upload.imageCmyk");
  if (meta.depth && meta.depth !== "uchar" && meta.depth !== "char") throw refuse("upload.imageDeep");
  if ((meta.bitsPerSample ?? 8) > 8) throw refuse("upload.imageDeep");
  const animated = (meta.pages ?? 1) > 1;
  if (animated && !opts.allowAnimation) throw refuse("upload.imageAnimated");
  const overBudget = animated ? animationRefusal(meta.pages ?? 1, width, height) : null;
  if (overBudget) throw overBudget;

  let out: { data: Buffer; info: OutputInfo };
  try {
    let pipe = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated", animated })
      .rotate()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb");
    // No withMetadata(): sharp writes no EXIF, XMP, IPTC or GPS; the colour profile becomes sRGB.
    // libjpeg-turbo, not mozjpeg: the stored copy is the ladder's source and the platform's full
    // view, never a shopper's download, and mozjpeg costs ~5× the CPU of a 12 MP encode.
    if (kind === "jpg") pipe = pipe.jpeg({ quality: 90 });
    else if (kind === "png") pipe = pipe.png({ compressionLevel: 8 });
    else if (kind === "webp") pipe = pipe.webp({ quality: 90 });
    else pipe = pipe.gif();
    out = await pipe.toBuffer({ resolveWithObject: true });
  } catch {
    throw refuse("upload.imageBroken");
  }
  const bytes = new Uint8Array(out.data.buffer, out.data.byteOffset, out.data.byteLength);
  const info = out.info;
  const storedHeight = animated ? (info.pageHeight ?? info.height) : info.height;
  return {
    bytes,
    ext: kind,
    width: info.width,
    height: storedHeight,
    color: await placeholderColor(bytes),
    hash: contentHash(bytes),
    alpha: await hasTransparency(bytes, meta),
    animated,
  };
}

/**
 * What the pipeline records of a picture stored before it existed (the backfill): its upright
 * size, placeholder colour, hash and transparency, read from the stored bytes as they are; null
 * when sharp cannot read them or they are too large a picture.
 */
export async function describeStored(bytes: Uint8Array): Promise<(ImageInfo & { animated: boolean }) | null> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const width = meta.autoOrient?.width ?? meta.width ?? 0;
    const height = (meta.pages ?? 1) > 1 ? (meta.pageHeight ?? 0) : (meta.autoOrient?.height ?? meta.height ?? 0);
    if (width <= 0 || height <= 0 || width * height > MAX_INPUT_PIXELS) return null;
    return {
      width,
      height,
      color: await placeholderColor(bytes),
      hash: contentHash(bytes),
      alpha: await hasTransparency(bytes, meta),
      animated: (meta.pages ?? 1) > 1,
    };
  } catch {
    return null;
  }
}

const FORMAT_OF: Record<StoredExt, string> = { jpg: "jpeg", png: "png", gif: "gif", webp: "webp" };

/**
 * Whether a picture has transparency (its fallback is PNG, no placeholder colour behind it): an
 * alpha channel — except that libvips gives every GIF one, so a GIF has transparency only when
 * some pixel of some frame is not opaque.
 */
async function hasTransparency(
  bytes: Uint8Array,
  meta: Pick<Metadata, "hasAlpha" | "format" | "pages">,
): Promise<boolean> {
  if (meta.hasAlpha !== true) return false;
  if (meta.format !== "gif") return true;
  const { isOpaque } = await sharp(bytes, {
    animated: (meta.pages ?? 1) > 1,
    limitInputPixels: MAX_INPUT_PIXELS,
  }).stats();
  return !isOpaque;
}

/** The dominant colour of a picture ("#rrggbb"), from a small copy of it. */
export async function placeholderColor(bytes: Uint8Array): Promise<string> {
  // The small copy is made first and measured on its own: stats() at the end of a pipeline that
  // resizes reads the whole picture again (~190 ms for a 1920 × 2560 copy against ~30 ms).
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize(48, 48, { fit: "inside" })
    .flatten({ background: "#ffffff" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { dominant } = await sharp(data, {
    raw: { width: info.width, height: info.height, channels: info.channels },
  }).stats();
  return `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`;
}

/** A picture's pixels at one width of the ladder (decoded once, encoded in every format). */
export interface ResizedPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** The stored picture `source` resized to `width` (its proportions kept), as raw pixels. */
export async function resizedPixels(source: Uint8Array, info: ImageInfo, width: number): Promise<ResizedPixels> {
  // SVG sources (the demo's pictures) are drawn at the density that gives the width wanted.
  const { data, info: out } = await sharp(source, {
    limitInputPixels: MAX_INPUT_PIXELS,
    density: svgDensity(source, info, width),
  })
    .rotate()
    .resize({ width, height: variantHeight(info, width), fit: "fill" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: out.width, height: out.height, channels: out.channels };
}

/**
 * The next, smaller width of the ladder from the pixels of a larger one: a photo is decoded once
 * (at its largest width) instead of once per width. Vector sources are drawn at each width instead.
 */
export async function smallerPixels(
  larger: ResizedPixels,
  source: Uint8Array,
  info: ImageInfo,
  width: number,
): Promise<ResizedPixels> {
  if (svgDensity(source, info, width) !== undefined) return resizedPixels(source, info, width);
  const { data, info: out } = await sharp(larger.data, {
    raw: { width: larger.width, height: larger.height, channels: larger.channels },
  })
    .resize({ width, height: variantHeight(info, width), fit: "fill" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: out.width, height: out.height, channels: out.channels };
}

/**
 * One variant of an animated picture (a chat GIF): every frame resized to `width`, encoded as an
 * animated WebP or GIF with the frames' delays and loop count, without any other metadata. Frames
 * are not decoded to raw pixels once for every width as a photo's are: a strip of frames resized
 * as one picture would blur each frame's edge into the next.
 */
export async function makeAnimatedVariant(
  source: Uint8Array,
  info: ImageInfo,
  width: number,
  format: VariantFormat,
): Promise<Buffer> {
  const pipe = sharp(source, { animated: true, limitInputPixels: MAX_INPUT_PIXELS }).resize({
    width,
    height: variantHeight(info, width),
    fit: "fill",
  });
  if (format === "webp") return pipe.webp({ quality: 72, effort: 2 }).toBuffer();
  if (format === "gif") return pipe.gif({ effort: 3 }).toBuffer();
  throw new Error(`no ${format} variant of an animated picture`);
}

/** One variant: resized pixels encoded in `format`, without metadata. */
export async function encodeVariant(px: ResizedPixels, format: VariantFormat): Promise<Buffer> {
  const pipe = sharp(px.data, { raw: { width: px.width, height: px.height, channels: px.channels } });
  switch (format) {
    // The cheapest settings whose files are no larger (docs/image.md "What a picture costs"): AVIF
    // at effort 0 with 4:2:0 chroma (as JPEG and WebP have) takes a third of the CPU of effort 1 at
    // 4:4:4 for the same bytes; WebP at effort 1 two thirds of effort 2's.
    case "avif":
      return pipe.avif({ quality: 50, effort: 0, chromaSubsampling: "4:2:0" }).toBuffer();
    case "webp":
      return pipe.webp({ quality: 72, effort: 1 }).toBuffer();
    case "png":
      return pipe.png({ compressionLevel: 8, palette: true }).toBuffer();
    case "gif":
      throw new Error("a still picture has no GIF variant");
    default:
      // The fallback of browsers without AVIF and WebP: libjpeg-turbo (mozjpeg saves ~30 % of its
      // bytes for ~5× the CPU, spent on every upload for a copy Chromium never asks for).
      return pipe.flatten({ background: "#ffffff" }).jpeg({ quality: 78 }).toBuffer();
  }
}

/**
 * The preview of a private picture (src/lib/image/private.ts): at most `width` pixels wide, the
 * first frame only, WebP without metadata. Stored copies are already upright and stripped.
 */
export async function makePrivatePreview(source: Uint8Array, width: number): Promise<Buffer> {
  return sharp(source, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 72, effort: 2 })
    .toBuffer();
}

/** One variant made: its width, format and bytes. */
export interface MadeVariant {
  width: number;
  format: VariantFormat;
  bytes: Uint8Array;
}

/**
 * The variants `wanted` of the stored picture `source`, widest first: a still photo is decoded
 * once, at its widest width wanted, and each next width is resized from the last one's pixels
 * (`smallerPixels`); an animated picture's every frame is resized for each variant.
 */
export async function makeLadder(
  source: Uint8Array,
  info: ImageInfo,
  wanted: readonly { width: number; format: VariantFormat }[],
): Promise<MadeVariant[]> {
  const widths = [...new Set(wanted.map((v) => v.width))].sort((a, b) => b - a);
  const out: MadeVariant[] = [];
  let larger: ResizedPixels | null = null;
  for (const width of widths) {
    const formats = wanted.filter((v) => v.width === width).map((v) => v.format);
    if (info.animated) {
      for (const format of formats)
        out.push({ width, format, bytes: await makeAnimatedVariant(source, info, width, format) });
      continue;
    }
    const px: ResizedPixels = larger
      ? await smallerPixels(larger, source, info, width)
      : await resizedPixels(source, info, width);
    for (const format of formats) out.push({ width, format, bytes: await encodeVariant(px, format) });
    larger = px;
  }
  return out;
}

/** One variant of the ladder: the stored picture `width` pixels wide in `format` (animated if it moves). */
export async function makeVariant(
  source: Uint8Array,
  info: ImageInfo,
  width: number,
  format: VariantFormat,
): Promise<Buffer> {
  if (info.animated) return makeAnimatedVariant(source, info, width, format);
  return encodeVariant(await resizedPixels(source, info, width), format);
}

function svgDensity(source: Uint8Array, info: ImageInfo, width: number): number | undefined {
  if (!startsWithAscii(source, "<svg") && !startsWithAscii(source, "<?xml")) return undefined;
  return Math.max(1, Math.min(2400, Math.ceil((72 * width) / info.width)));
}
