/** Where the api-pg project creates its test databases unless TEST_DATABASE_URL says otherwise. */
export const DEFAULT_TEST_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";
