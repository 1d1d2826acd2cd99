/** The store application's calls (CONTRACT §7.12, [store-application.md](../../../docs/store-application.md)). */
import type { StoreAccountForm, StoreApplicationDto, StoreApplicationForm } from "../../lib/store-application/store-application.ts";
import { api } from "../api.ts";

/** GET /p/storeApplication: the user's application, null when none. */
export function getStoreApplication(): Promise<StoreApplicationDto | null> {
  return api.get<StoreApplicationDto | null>("/p/storeApplication");
}

/** POST /p/storeApplication: answers the application as stored. */
export function submitStoreApplication(body: StoreApplicationForm): Promise<StoreApplicationDto> {
  return api.post<StoreApplicationDto>("/p/storeApplication", body, { silent: true });
}

/** PUT /p/storeAccount: the merchant platform's login of the approved store. */
export async function saveStoreAccount(body: StoreAccountForm): Promise<void> {
  await api.put("/p/storeAccount", body, { silent: true });
}
