/** Page renovation rendering helpers: links and block view models. Pure TypeScript. */
export * from "./links.ts";
export * from "./values.ts";
export * from "./blocks.ts";
