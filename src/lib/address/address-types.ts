/**
 * Address book and area shapes (CONTRACT §7.3): GET /p/address/list, /p/address/addrInfo/{id},
 * /area/listByPid. Answered by src/server/domain/address/, read by the address book, the checkout
 * and the points-mall order page.
 */

export interface AddressItem {
  addrId: number;
  receiver: string;
  mobile: string;
  province: string;
  provinceId: number;
  city: string;
  cityId: number;
  area: string;
  areaId: number;
  addr: string;
  postCode: string | null;
  /** 1 = the default address. */
  commonAddr: number;
}

export interface AreaItem {
  areaId: number;
  areaName: string;
  parentId: number;
  /** 1 province, 2 city, 3 district. */
  level: 1 | 2 | 3;
}
