/**
 * A shipped package's logistics trail in the demo (docs/demo-data.md "Time"): after the "picked up"
 * event shipOrder writes, the carrier's later events — in transit, arrived in the destination city
 * and, once the buyer received it, signed — spread between the shipment and the receipt (or the
 * seeding instant), never after either. Stations stay empty, so each event reads as its state's
 * name in the page's language.
 */
import { DeliveryState } from "../../lib/order/order-types.ts";
import type { Tx } from "../db/client.ts";
import { addDeliveryTrace } from "../domain/order/order-lifecycle.ts";

const MIN = 60_000;
const HOUR = 60 * MIN;

/** The events after "picked up": [state, time], oldest first. `received` null = still on its way. */
export function deliveryTrail(shipped: Date, received: Date | null, now: Date): [state: number, at: Date][] {
  const end = (received ?? now).getTime();
  const span = end - shipped.getTime();
  if (span <= 0) return [];
  const at = (ms: number) => new Date(Math.round((shipped.getTime() + ms) / MIN) * MIN);
  const trail: [number, Date][] = [[DeliveryState.IN_TRANSIT, at(Math.min(3 * HOUR, span * 0.2))]];
  if (received || span > 24 * HOUR) trail.push([DeliveryState.ARRIVED_CITY, at(span * 0.75)]);
  if (received) trail.push([DeliveryState.SIGNED, at(span - Math.min(40 * MIN, span * 0.05))]);
  return trail;
}

/** Writes the trail of each package through the real lifecycle (addDeliveryTrace) before any receipt. */
export async function seedDeliveryTrail(
  tx: Tx,
  shopId: number,
  packageIds: readonly number[],
  shipped: Date,
  received: Date | null,
  now: Date,
): Promise<void> {
  for (const id of packageIds)
    for (const [state, acceptTime] of deliveryTrail(shipped, received, now))
      await addDeliveryTrace(tx, id, shopId, { state, acceptStation: "", acceptTime }, now);
}
