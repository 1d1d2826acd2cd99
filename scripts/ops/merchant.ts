/** Merchant accounts in the ops CLI: log in (the token is cached) and out. */
import type { OpsCommand } from "./command.ts";
import { time } from "./output.ts";

export const commands: OpsCommand[] = [
  {
    name: "login",
    section: "shop",
    usage: ["  login                         log in (--user shop01 --password Shop1234); the token is cached"],
    async run({ v, io, client, url, need }) {
      need(0, "no arguments (use --user and --password)");
      const r = await client.login();
      io.out(
        v.json
          ? JSON.stringify({ shopId: r.shopId, expiresAt: r.expiresAt })
          : `logged in as ${r.user} (shop ${r.shopId}) on ${url}; token cached until ${time(r.expiresAt)}`,
      );
      return 0;
    },
  },
  {
    name: "logout",
    section: "shop",
    usage: ["  logout                        revoke the cached token of --user (or the current account)"],
    async run({ io, client }) {
      const user = await client.logout();
      io.out(user ? `logged out ${user}` : "no cached token");
      return 0;
    },
  },
];
