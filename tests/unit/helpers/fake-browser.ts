/**
 * Minimal browser fakes for unit tests (jsdom/happy-dom are not installed): a cookie jar behind
 * document.cookie, a tiny element tree for toasts, a Map-based localStorage and a location.
 * install() puts them on globalThis; the returned restore() removes them.
 */

export class FakeElement {
  id = "";
  className = "";
  textContent: string | null = "";
  readonly attributes = new Map<string, string>();
  readonly children: FakeElement[] = [];
  parent: FakeElement | null = null;
  readonly dataset: Record<string, string> = {};
  constructor(
    readonly tagName: string,
    private readonly owner: FakeDocument,
  ) {}
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
    if (name === "id") this.id = value;
  }
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
  appendChild(child: FakeElement): FakeElement {
    child.parent?.removeChild(child);
    child.parent = this;
    this.children.push(child);
    return child;
  }
  removeChild(child: FakeElement): void {
    const i = this.children.indexOf(child);
    if (i >= 0) this.children.splice(i, 1);
    child.parent = null;
  }
  remove(): void {
    this.parent?.removeChild(this);
  }
  /** Depth-first search by id. */
  find(id: string): FakeElement | null {
    if (this.id === id) return this;
    for (const c of this.children) {
      const f = c.find(id);
      if (f) return f;
    }
    return null;
  }
  get ownerDocument(): FakeDocument {
    return this.owner;
  }
}

export class FakeDocument {
  private jar = new Map<string, string>();
  readonly documentElement: FakeElement;
  readonly body: FakeElement;
  /** Every raw string assigned to document.cookie, for assertions on attributes. */
  readonly cookieWrites: string[] = [];
  constructor() {
    this.documentElement = new FakeElement("html", this);
    this.body = new FakeElement("body", this);
    this.documentElement.appendChild(this.body);
  }
  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  set cookie(raw: string) {
    this.cookieWrites.push(raw);
    const [pair, ...attrs] = raw.split(";");
    const eq = pair!.indexOf("=");
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    const maxAge = attrs.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith("max-age="));
    if (maxAge && Number(maxAge.split("=")[1]) <= 0) this.jar.delete(name);
    else this.jar.set(name, value);
  }
  createElement(tag: string): FakeElement {
    return new FakeElement(tag, this);
  }
  getElementById(id: string): FakeElement | null {
    return this.documentElement.find(id);
  }
}

export class FakeStorage implements Storage {
  private map = new Map<string, string>();
  get length(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
  getItem(key: string): string | null {
    return this.map.has(key) ? this.map.get(key)! : null;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  setItem(key: string, value: string): void {
    this.map.set(key, String(value));
  }
}

export class FakeLocation {
  protocol = "http:";
  reloads = 0;
  assigned: string[] = [];
  constructor(public pathname = "/") {}
  reload(): void {
    this.reloads++;
  }
  assign(url: string): void {
    this.assigned.push(url);
  }
}

export interface FakeBrowser {
  document: FakeDocument;
  localStorage: FakeStorage;
  location: FakeLocation;
  restore(): void;
}

const KEYS = ["document", "localStorage", "location"] as const;

export function installFakeBrowser(pathname = "/"): FakeBrowser {
  const saved = KEYS.map((k) => [k, Object.getOwnPropertyDescriptor(globalThis, k)] as const);
  const fake = { document: new FakeDocument(), localStorage: new FakeStorage(), location: new FakeLocation(pathname) };
  for (const k of KEYS) Object.defineProperty(globalThis, k, { value: fake[k], configurable: true, writable: true });
  return {
    ...fake,
    restore() {
      for (const [k, d] of saved) {
        if (d) Object.defineProperty(globalThis, k, d);
        else delete (globalThis as Record<string, unknown>)[k];
      }
    },
  };
}
