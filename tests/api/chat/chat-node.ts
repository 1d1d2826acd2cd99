/**
 * One chat server process for the multi-process test and the bench: the real API and chat socket
 * on DATABASE_URL (no pages, no seeding), on a free port printed as "PORT <n>". Stops on SIGTERM.
 *   DATABASE_URL=postgres://… DATA_DIR=/tmp/x tsx tests/api/chat/chat-node.ts
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { createApi } from "../../../src/server/api/app.ts";
import { bootstrap } from "../../../src/server/bootstrap.ts";
import { loadConfig } from "../../../src/server/config.ts";
import { openChatBus } from "../../../src/server/domain/chat/chat-bus.ts";
import { createChatServer } from "../../../src/server/http/chat-socket.ts";

const ctx = await bootstrap(loadConfig({ ...process.env, AUTO_SEED: "0" }), { seed: false });
ctx.chatBus = await openChatBus(ctx.database);
const chat = createChatServer(ctx, ctx.chatBus);
const listener = getRequestListener(createApi(ctx).fetch);
const server = http.createServer((req, res) => void listener(req, res));
server.on("upgrade", (req, socket, head) => chat.handleUpgrade(req, socket, head));
server.listen(0, "127.0.0.1", () => console.log(`PORT ${(server.address() as AddressInfo).port}`));
process.on("SIGTERM", () => {
  void chat.close().then(async () => {
    server.closeAllConnections();
    server.close();
    await ctx.database.close();
    process.exit(0);
  });
});
