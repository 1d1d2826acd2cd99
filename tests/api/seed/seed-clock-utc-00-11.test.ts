/** The demo seed at any hour (seed-clock.ts), seeded at each hour from 00:37 to 11:37 UTC. */
import { describeSeedClock, HOURS } from "./seed-clock.ts";

describeSeedClock(HOURS.slice(0, 12));
