/** The demo seed at any hour (seed-clock.ts), seeded at each hour from 12:37 to 23:37 UTC, and at a month's end. */
import { describeSeedClock, HOURS, MONTH_END } from "./seed-clock.ts";

describeSeedClock([...HOURS.slice(12), MONTH_END]);
