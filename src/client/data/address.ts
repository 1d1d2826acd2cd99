/** The address book's calls (CONTRACT §7.3) and the area picker's. */
import type { AddressItem, AreaItem } from "../../lib/address/address-types.ts";
import { api } from "../api.ts";

/** GET /p/address/list */
export function listAddresses(): Promise<AddressItem[]> {
  return api.get<AddressItem[]>("/p/address/list");
}

/** GET /p/address/addrInfo/{addrId} */
export function getAddress(addrId: number): Promise<AddressItem> {
  return api.get<AddressItem>(`/p/address/addrInfo/${addrId}`);
}

/** POST /p/address/addAddr: answers the new address id. */
export function addAddress(body: object): Promise<number> {
  return api.post<number>("/p/address/addAddr", body);
}

/** PUT /p/address/updateAddr */
export async function updateAddress(body: object & { addrId: number }): Promise<void> {
  await api.put("/p/address/updateAddr", body);
}

/** PUT /p/address/defaultAddr/{addrId} */
export async function setDefaultAddress(addrId: number): Promise<void> {
  await api.put(`/p/address/defaultAddr/${addrId}`);
}

/** DELETE /p/address/deleteAddr/{addrId} */
export async function deleteAddress(addrId: number): Promise<void> {
  await api.del(`/p/address/deleteAddr/${addrId}`);
}

/** GET /p/area/listByPid?pid=: the areas under one (0: the provinces). */
export function listAreas(pid: number): Promise<AreaItem[]> {
  return api.get<AreaItem[]>("/p/area/listByPid", { pid });
}
