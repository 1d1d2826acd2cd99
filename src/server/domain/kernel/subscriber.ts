/**
 * An event with one subscriber: a lower feature announces what happened, the owner of the tables
 * that must follow (a feature above it in the order of features) subscribes when its module loads —
 * so the lower one writes none of its tables and does not import it (docs/architecture.md "Code
 * layout"). Announcing before the owner's module is loaded is a programming error.
 */
export interface Subscriber<H> {
  subscribe(handler: H): void;
  handler(): H;
}

/** Every slot made so far, to check that loading the app fills them all (tests/unit/subscribers.test.ts). */
const SLOTS: { event: string; owner: string; filled: () => boolean }[] = [];

/** A slot for one handler; `owner` names the module that must be loaded ("order/order-lifecycle.ts"). */
export function subscriber<H>(event: string, owner: string): Subscriber<H> {
  let current: H | null = null;
  SLOTS.push({ event, owner, filled: () => current !== null });
  return {
    subscribe(handler) {
      current = handler;
    },
    handler() {
      if (current === null) throw new Error(`${event} needs src/server/domain/${owner} loaded`);
      return current;
    },
  };
}

/** The slots made so far (by the modules loaded), each with whether its owner has subscribed. */
export function subscriberSlots(): { event: string; owner: string; subscribed: boolean }[] {
  return SLOTS.map((s) => ({ event: s.event, owner: s.owner, subscribed: s.filled() }));
}
