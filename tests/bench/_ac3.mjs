import autocannon from "autocannon"; import fs from "node:fs";
const paths = fs.readFileSync(process.argv[4], "utf8").trim().split("\n");
const pid = Number(process.argv[3]); const tick = () => { const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" "); return Number(f[11]) + Number(f[12]); };
const dur = Number(process.argv[5] ?? 6);
const a = tick(); const t0 = Date.now();
const r = await autocannon({ url: process.argv[2] + "/", connections: 8, duration: dur, headers: { "accept-encoding": "gzip, deflate, br" }, requests: paths.map((p) => ({ method: "GET", path: p })) });
const b = tick(); const el = (Date.now() - t0) / 1000;
console.log("autocannon avg", Math.round(r.requests.average), "total", r.requests.total, "total/elapsed", Math.round(r.requests.total / el), "elapsed", el, "cpu ms/req", ((b - a) * 10 / r.requests.total).toFixed(2), "non2xx", r.non2xx, "2xx", r["2xx"], "bytes", r.throughput.total);
