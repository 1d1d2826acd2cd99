/**
 * The "new address" form of /submit-order: the address book's own AddressForm (not a copy).
 * Loaded lazily by SubmitOrder.tsx (it brings the address rules and zod) when the form opens.
 */
import { AddressForm, EMPTY } from "../address/AddressForm.tsx";

export default function NewAddress({
  first,
  onCancel,
  onGuest,
  onSaved,
}: {
  /** No address yet: the new one becomes the default. */
  first: boolean;
  onCancel: () => void;
  onGuest: () => void;
  onSaved: (addrId?: number) => Promise<void>;
}) {
  return (
    <AddressForm initial={{ ...EMPTY, makeDefault: first }} onCancel={onCancel} onGuest={onGuest} onSaved={onSaved} />
  );
}
