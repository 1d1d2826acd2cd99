/**
 * Admission of flash-sale submits (docs/flash-sale.md): one in-memory gate per database
 * (flash-gate.ts; a process serves one database, tests open several) and the tickets of the
 * submits in flight, kept by the request they belong to until the submit is done.
 */
import { ResponseCode } from "../../../lib/api-types.ts";
import type { Db } from "../../db/client.ts";
import { DomainError } from "../kernel/domain-error.ts";
import { FlashGate, type GateOutcome } from "./flash-gate.ts";
import { confirmedFlashBuy, flashSkuStock } from "./flash-sale.ts";
import { ID_MAX } from "../../../lib/ids.ts";

/** The pieces a submit holds at the gate, and how it gives them back (once). */
export interface FlashTicket {
  seckillSkuId: number;
  prodCount: number;
  release: (outcome: GateOutcome) => void;
}

const gates = new WeakMap<Db, FlashGate>();

function gateOf(db: Db, postgres: boolean): FlashGate {
  let g = gates.get(db);
  if (!g) {
    // PGlite runs one statement at a time: few transactions at once; PostgreSQL has a pool of 10.
    g = new FlashGate({ maxActive: postgres ? 8 : 2, maxWaiting: 512, maxWaitMs: 3000, refreshMs: 1000 }, (id) =>
      flashSkuStock(db, id),
    );
    gates.set(db, g);
  }
  return g;
}

const tickets = new WeakMap<object, FlashTicket>();

/**
 * Before the token lookup: a submit takes its pieces and a transaction slot from the gate, so an
 * attempt on a sold-out flash SKU is refused "insufficient inventory" (or "too busy") at once,
 * with no database work — the stock is public, so no login is needed to say so. The pieces are
 * the quantity the submit token confirmed (the one the order buys), never the body's: a body
 * naming more can not hold units the order will not take. A body without a usable flash token
 * of this SKU gets no ticket (null: the route refuses it). The ticket is kept under `request`
 * for the route (flashTicketOf).
 */
export async function admitFlashSubmit(
  db: Db,
  postgres: boolean,
  request: object,
  claim: { seckillSkuId: number; uuid: string },
  now: Date,
): Promise<FlashTicket | null> {
  const { seckillSkuId, uuid } = claim;
  // A malformed body is refused by the route's rules.
  if (seckillSkuId < 1 || seckillSkuId > ID_MAX || uuid === "" || uuid.length > 200) return null;
  const soldOut = () => new DomainError("flashSale.soldOut", { code: ResponseCode.NO_STOCK });
  const gate = gateOf(db, postgres);
  if ((await gate.available(seckillSkuId)) < 1) throw soldOut();
  const confirmed = await confirmedFlashBuy(db, uuid, now);
  if (!confirmed || confirmed.seckillSkuId !== seckillSkuId) return null;
  const entry = await gate.enter(seckillSkuId, confirmed.prodCount);
  if (!entry.ok) {
    if (entry.reason === "soldOut") throw soldOut();
    throw new DomainError("flashSale.busy");
  }
  const ticket = { seckillSkuId, prodCount: confirmed.prodCount, release: entry.release };
  tickets.set(request, ticket);
  return ticket;
}

/** The ticket admitFlashSubmit kept for this request, if any. */
export function flashTicketOf(request: object): FlashTicket | undefined {
  return tickets.get(request);
}
