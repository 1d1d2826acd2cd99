/**
 * Chat pictures come from the image ladder on every side (docs/chat.md "Pictures", #41): a buyer
 * sends a real-size phone photo (12 MP, made at test time); the message the buyer gets back, the
 * buyer's history, the shop agent's answer pushed over the socket and the agent's history over the
 * merchant API all carry `picture` (upright size, placeholder colour, hash), from which the
 * ladder's variants are served small, with their types and a year's cache — a reader never needs
 * the stored upload.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  agentSocketPath,
  ChatCode,
  MsgType,
  type ChatMessageDto,
  type ConversationDto,
} from "../../../src/lib/chat/chat.ts";
import type { Page } from "../../../src/lib/api-types.ts";
import { variantPath } from "../../../src/lib/image/ladder.ts";
import { photoJpeg } from "../../fixtures/photos.ts";
import { createTestUser, type TestUser } from "../account-helpers.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { serveUploads } from "../upload/serve-uploads.ts";
import { agentLogin, ChatClient, serveChat } from "./chat-helpers.ts";

describe.skipIf(!dbReady)("chat pictures from the ladder", () => {
  let app: TestApp;
  let served: Awaited<ReturnType<typeof serveChat>>;
  let files: Awaited<ReturnType<typeof serveUploads>>;
  let buyer: TestUser;
  let shopToken: string;
  let shopId: number;
  let agent: ChatClient | null = null;

  const buyerCall = <T>(path: string, body?: unknown) =>
    app.request<T>(`/api${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { Authorization: buyer.token, "Accept-Language": "en", "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const agentCall = <T>(path: string) =>
    app.request<T>(`/api${path}`, { headers: { Authorization: shopToken, "Accept-Language": "en" } });

  beforeAll(async () => {
    app = await createTestApp();
    served = await serveChat(app);
    buyer = await createTestUser(app, "chatphoto");
    ({ token: shopToken, shopId } = await agentLogin(app, "shop03", "10.9.4.4"));
    files = await serveUploads(app);
  });
  afterAll(async () => {
    agent?.close();
    files?.close();
    await served?.close();
    await app?.close();
  });

  it("a 12 MP photo sent by a buyer carries its picture to the buyer, the agent's socket and both histories; its variants are small", async () => {
    // A phone photo held upright (EXIF orientation 6), under the buyers' 2 MB limit.
    const photo = await photoJpeg({ orientation: 6, quality: 60, grain: 6, seed: 41 });
    expect(photo.length).toBeGreaterThan(200_000);
    expect(photo.length).toBeLessThanOrEqual(2 * 1024 * 1024);
    const form = new FormData();
    form.append("file", new File([new Uint8Array(photo)], "IMG_2041.JPG", { type: "image/jpeg" }));
    const { filePath } = okData(
      await app.request<{ filePath: string }>("/api/p/file/uploadImFile", {
        method: "POST",
        headers: { Authorization: buyer.token },
        body: form,
      }),
    );
    expect(filePath).toMatch(/^\/uploads\/chat\/[0-9a-f-]{36}\.jpg$/);

    agent = await ChatClient.open(served.base, `${agentSocketPath("shop", shopToken)}?lang=en`);
    const sent = okData(
      await buyerCall<ChatMessageDto>("/p/chat/messages", { shopId, msgType: MsgType.IMAGE, content: filePath }),
    );
    expect(sent.content).toBe(filePath);
    // Upright: the stored copy is portrait, at most 2560 on its long side.
    expect(sent.picture).toMatchObject({ width: 1920, height: 2560, alpha: false });
    expect(sent.picture!.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(sent.picture!.hash).toMatch(/^[0-9a-f]{12}$/);

    // The agent's socket gets it with its picture.
    const pushed = await agent.next(
      (f) => f.code === ChatCode.MESSAGE && (f.data as ChatMessageDto).msgId === sent.msgId,
    );
    expect((pushed.data as ChatMessageDto).picture).toEqual(sent.picture);

    // Both histories: the buyer's and the agent's over the merchant API.
    const mine = okData(await buyerCall<{ records: ChatMessageDto[] }>(`/p/chat/messages?shopId=${shopId}`));
    expect(mine.records.find((m) => m.msgId === sent.msgId)?.picture).toEqual(sent.picture);
    const convs = okData(await agentCall<Page<ConversationDto>>("/merchant/chat/conversations"));
    const conv = convs.records.find((c) => c.userId === buyer.userId)!;
    const theirs = okData(
      await agentCall<{ records: ChatMessageDto[] }>(`/merchant/chat/conversations/${conv.conversationId}/messages`),
    );
    expect(theirs.records.find((m) => m.msgId === sent.msgId)?.picture).toEqual(sent.picture);
    // A text message has none.
    expect(theirs.records.filter((m) => m.msgType !== MsgType.IMAGE).every((m) => m.picture === undefined)).toBe(true);

    // What the chat shows (a 240 px box at twice the density: the 480 px AVIF) is a few tens of
    // KB at most, against a stored upload of hundreds of KB.
    const shown = await fetch(files.base + variantPath(filePath, sent.picture!.hash, 480, "avif"));
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/avif");
    expect(shown.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await shown.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([480, 640, undefined]);
    expect(bytes.length).toBeLessThan(60_000);
    const original = await fetch(files.base + filePath);
    expect(Number(original.headers.get("content-length"))).toBeGreaterThan(bytes.length * 5);
  });
});
