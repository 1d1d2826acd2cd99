/**
 * The one reader of a session token sent in an Authorization header (the API kit's sentToken, the
 * private uploads' server): the raw token, a "Bearer " prefix tolerated; "" when none was sent.
 */
export function bearerToken(authorization: string | null | undefined): string {
  return (authorization ?? "").replace(/^Bearer\s+/i, "").trim();
}
