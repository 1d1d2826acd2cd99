import { describe, expect, it } from "vitest";
import { isPrivateUpload, privatePreviewPath, privatePreviewSource } from "./private.ts";

const card = "/uploads/identity/6f1c2d3e-1111-4222-8333-944445555666.jpg";
const preview = `${card}-preview-480.webp`;

describe("private pictures' previews", () => {
  it("a stored private picture has one preview, and the preview's name leads back to it", () => {
    expect(isPrivateUpload(card)).toBe(true);
    expect(privatePreviewPath(card)).toBe(preview);
    expect(privatePreviewSource(preview)).toBe(card);
  });

  it("no preview of a preview, of another width or format, of a PDF, of a made-up name or of a public picture", () => {
    expect(privatePreviewPath(preview)).toBe(preview);
    expect(privatePreviewSource(`${preview}-preview-480.webp`)).toBeNull();
    expect(privatePreviewSource(`${card}-preview-320.webp`)).toBeNull();
    expect(privatePreviewSource(`${card}-preview-480.avif`)).toBeNull();
    const pdf = "/uploads/invoice/6f1c2d3e-1111-4222-8333-944445555666.pdf";
    expect(privatePreviewPath(pdf)).toBe(pdf);
    expect(privatePreviewSource(`${pdf}-preview-480.webp`)).toBeNull();
    expect(privatePreviewSource("/uploads/identity/licence.jpg-preview-480.webp")).toBeNull();
    const avatar = "/uploads/avatar/6f1c2d3e-1111-4222-8333-944445555666.jpg";
    expect(privatePreviewPath(avatar)).toBe(avatar);
    expect(privatePreviewSource(`${avatar}-preview-480.webp`)).toBeNull();
    // The demo's vector documents are their own preview.
    expect(privatePreviewPath("/uploads/seed/identity/a-licence.svg")).toBe("/uploads/seed/identity/a-licence.svg");
  });
});
