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

/** A slot for one handler; `owner` names the module that must be loaded ("order/order-lifecycle.ts"). */
export function subscriber<H>(event: string, owner: string): Subscriber<H> {
  let current: H | null = null;
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
