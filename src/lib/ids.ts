/** The largest id of the integer id columns (PostgreSQL integer): larger ids are "not found", never a query. */
export const ID_MAX = 2_147_483_647;
