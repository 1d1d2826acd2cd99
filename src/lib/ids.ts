/**
 * The largest PostgreSQL integer: the largest id of the integer id columns (larger ids are "not
 * found", never a query) and the bound of the integer fields the rules read.
 */
export const ID_MAX = 2_147_483_647;
