/** The API envelope and codes shared by the server and the browser client (SPEC §8, CONTRACT §1). */
export interface Envelope<T = unknown> {
  code: string;
  msg: string | null;
  data: T;
  success: boolean;
}

export const ResponseCode = {
  OK: "00000",
  /** Business error whose msg is shown to the user. Also used for invalid input. */
  SHOW_FAIL: "A00001",
  /** No, invalid or expired token. */
  UNAUTHORIZED: "A00004",
  /** Unexpected server error. */
  SERVER_ERROR: "A00005",
  /** Endpoint not found. */
  NOT_FOUND: "A00013",
  /** Order expired or submitted twice: "do not submit the order twice". */
  REPEAT_ORDER: "A03002",
  /** Out of stock. */
  NO_STOCK: "A03010",
} as const;
export type ResponseCodeValue = (typeof ResponseCode)[keyof typeof ResponseCode];

/** mall4j-style page: request current (1-based) and size; answer records, total, size, current, pages. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}
