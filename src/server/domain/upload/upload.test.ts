import { describe, expect, it } from "vitest";
import { sniffImage } from "../image/image-pipeline.ts";
import { isUploadFolder, isUploadedPath } from "./upload.ts";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("sniffImage", () => {
  it("recognises jpg, png, gif and webp by their first bytes", () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe("jpg");
    expect(sniffImage(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("png");
    expect(sniffImage(bytes("GIF89a", [1, 0]))).toBe("gif");
    expect(sniffImage(bytes("GIF87a"))).toBe("gif");
    expect(sniffImage(bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "))).toBe("webp");
  });
  it("refuses everything else", () => {
    expect(sniffImage(new Uint8Array())).toBeNull();
    expect(sniffImage(bytes("hello.png"))).toBeNull();
    expect(sniffImage(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(bytes("RIFF", [0, 0, 0, 0], "WAVEfmt "))).toBeNull();
    expect(sniffImage(bytes([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffImage(bytes("BM", [0, 0, 0, 0]))).toBeNull();
    expect(sniffImage(bytes("%PDF-1.7"))).toBeNull();
  });
});

describe("upload folders", () => {
  it("the features' folders only", () => {
    for (const f of ["avatar", "refund", "review", "chat", "store"]) expect(isUploadFolder(f)).toBe(true);
    expect(isUploadFolder("../x")).toBe(false);
    expect(isUploadFolder("seed")).toBe(false);
  });
});

describe("isUploadedPath", () => {
  it("accepts only what the endpoint answers for that folder", () => {
    const id = "0b0f6a8e-3c1d-4d0e-9a39-3e1f9d6f2b7a";
    expect(isUploadedPath(`/uploads/review/${id}.png`, "review")).toBe(true);
    expect(isUploadedPath(`/uploads/refund/${id}.jpg`, "refund")).toBe(true);
    expect(isUploadedPath(`/uploads/avatar/${id}.png`, "review")).toBe(false);
    expect(isUploadedPath(`/uploads/review/${id}.svg`, "review")).toBe(false);
    expect(isUploadedPath(`/uploads/review/../${id}.png`, "review")).toBe(false);
    expect(isUploadedPath(`https://evil.example/${id}.png`, "review")).toBe(false);
    expect(isUploadedPath(`/uploads/review/${id}.png?x=1`, "review")).toBe(false);
  });
});
