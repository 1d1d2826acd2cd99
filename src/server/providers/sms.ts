/**
 * SMS delivery. The mall talks to an SmsProvider only; the dev provider below writes every code
 * to the server log and to `${DATA_DIR}/sms-outbox.jsonl` (one JSON line per message:
 * {mobile, purpose, code, at}) so people and tests can read the codes. A real gateway
 * (Aliyun, Tencent Cloud, Twilio …) implements the same interface and is chosen in bootstrap.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { SmsPurpose } from "../../lib/account/account-types.ts";
import type { Locale } from "../../lib/locale.ts";
import { logger } from "../log.ts";

export type { SmsPurpose };

/**
 * A message without a code, sent instead of a register / reset code so that the answer of the
 * API never tells whether a number has an account (docs/security.md "Account enumeration"):
 * "account-exists" (register code asked for a registered number: log in or reset instead),
 * "no-account" (reset code asked for a number without an account).
 */
export type SmsNotice = "account-exists" | "no-account";

export interface SmsProvider {
  send(mobile: string, code: string, purpose: SmsPurpose, locale: Locale): Promise<void>;
  sendNotice(mobile: string, notice: SmsNotice, locale: Locale): Promise<void>;
}

export interface OutboxLine {
  mobile: string;
  /** "notice" for a notice line (then `code` is "" and `notice` says which). */
  purpose: SmsPurpose | "notice";
  code: string;
  notice?: SmsNotice;
  at: string;
}

export class DevOutboxSmsProvider implements SmsProvider {
  readonly outboxFile: string;

  constructor(
    dataDir: string,
    private readonly log: (line: string) => void = (line) => logger.info(line),
  ) {
    this.outboxFile = path.join(dataDir, "sms-outbox.jsonl");
  }

  async send(mobile: string, code: string, purpose: SmsPurpose, _locale: Locale): Promise<void> {
    this.log(`[sms] ${mobile} ${purpose} ${code}`);
    const line: OutboxLine = { mobile, purpose, code, at: new Date().toISOString() };
    await fs.mkdir(path.dirname(this.outboxFile), { recursive: true });
    await fs.appendFile(this.outboxFile, `${JSON.stringify(line)}\n`, "utf8");
  }

  async sendNotice(mobile: string, notice: SmsNotice, _locale: Locale): Promise<void> {
    this.log(`[sms] ${mobile} notice ${notice}`);
    const line: OutboxLine = { mobile, purpose: "notice", code: "", notice, at: new Date().toISOString() };
    await fs.mkdir(path.dirname(this.outboxFile), { recursive: true });
    await fs.appendFile(this.outboxFile, `${JSON.stringify(line)}\n`, "utf8");
  }
}

/** The newest code sent to `mobile` (optionally for one purpose) according to the outbox file, or null. */
export async function readOutboxCode(outboxFile: string, mobile: string, purpose?: SmsPurpose): Promise<string | null> {
  let text: string;
  try {
    text = await fs.readFile(outboxFile, "utf8");
  } catch {
    return null;
  }
  const lines = text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as OutboxLine);
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i]!;
    if (l.mobile === mobile && l.purpose !== "notice" && (!purpose || l.purpose === purpose)) return l.code;
  }
  return null;
}
