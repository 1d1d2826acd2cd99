/**
 * The image thread's entry (a worker thread, image-thread-client.ts starts it): makes the variants
 * of one picture per message with makeLadder and answers them. Its own event loop runs nothing
 * else, so each step of the ladder (resize, encode, the next width) starts as soon as libvips has
 * finished the last one — on the main thread each step waited behind the page renders and
 * database queries queued there (docs/image.md "Where the work runs").
 */
import { parentPort } from "node:worker_threads";
import { makeLadder } from "./image-pipeline.ts";
import type { LadderReply, LadderRequest } from "./image-thread-client.ts";

const port = parentPort;
if (!port) throw new Error("image-thread.ts runs as a worker thread (image-thread-client.ts)");

port.on("message", (job: LadderRequest) => {
  makeLadder(job.source, job.info, job.wanted).then(
    (variants) => {
      // Copied, not transferred: sharp's buffers are memory libvips owns (~1.5 MB for a whole ladder).
      const reply: LadderReply = { id: job.id, variants };
      port.postMessage(reply);
    },
    (err: unknown) => {
      const reply: LadderReply = { id: job.id, error: err instanceof Error ? err.message : String(err) };
      port.postMessage(reply);
    },
  );
});
