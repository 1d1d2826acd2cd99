import { cannon, detailPaths } from "./server-speed.ts";
const origin = process.argv[2] ?? "http://127.0.0.1:4321";
const which = process.argv[3] ?? "detail";
const paths = which === "detail" ? await detailPaths(origin) : ["/", "/zh-tw/", "/en/"];
for (const p of paths) await fetch(origin + p).then((r) => r.arrayBuffer());
const r = await cannon(origin, { connections: 8, duration: Number(process.env.D ?? 5), paths });
console.log(which, paths.length, JSON.stringify(r));
