/**
 * /user-center/uc-address: the address book (CONTRACT §7.3). The list comes default-first from
 * GET /p/address/list; add / edit in a dialog whose fields are checked with the API's own rule
 * (src/lib/address/address-rules.ts addressFormRule); delete asks first; "set as default". At most
 * ADDRESS_COUNT_MAX addresses: the count is shown and "add" is disabled at the limit.
 */
import { useState } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { formatAddress } from "../../lib/address/address-format.ts";
import { ADDRESS_COUNT_MAX } from "../../lib/address/address-rules.ts";
import type { AddressItem } from "../../lib/address/address-types.ts";
import { toastOk } from "../common/feedback.ts";
import { useSession, useUcLoad } from "../common/session.ts";
import { ConfirmDialog, Modal, useConfirm } from "../common/dialog.tsx";
import { UcEmpty, UcLoadGate, UcPanel, UcRoot } from "../common/uc-shell.tsx";
import type { UcIslandProps } from "../common/uc-props.ts";
import { useAction } from "../common/useAction.ts";
import { AddressForm, EMPTY, type FormState } from "./AddressForm.tsx";
import { deleteAddress, getAddress, listAddresses, setDefaultAddress } from "../../client/data/address.ts";

export default function AddressBook(props: UcIslandProps) {
  return (
    <UcRoot locale={props.locale} resources={props.resources}>
      <AddressBody />
    </UcRoot>
  );
}

function AddressBody() {
  const { t, locale } = useTranslation();
  const session = useSession();
  const load = useUcLoad(session, () => listAddresses());
  const { data, setData } = load;
  const [editing, setEditing] = useState<FormState | null>(null);
  const { ask, confirm } = useConfirm();
  const list = data ?? [];
  const full = list.length >= ADDRESS_COUNT_MAX;
  const action = useAction({ onGuest: session.markGuest, fallback: t("userCenter.common.actionFailed") });
  /** Re-reading after a change: a failure shows nothing (the list stays as it is). */
  const quiet = useAction({ onGuest: session.markGuest });

  async function refresh() {
    await quiet.run(async () => setData(await listAddresses()));
  }

  function remove(a: AddressItem) {
    ask(
      t("userCenter.address.deleteConfirm", { receiver: a.receiver }),
      () =>
        void action.run(async () => {
          await deleteAddress(a.addrId);
          toastOk(t("userCenter.address.deleted"));
          await refresh();
        }),
    );
  }

  async function makeDefault(a: AddressItem) {
    await action.run(async () => {
      await setDefaultAddress(a.addrId);
      toastOk(t("userCenter.address.defaultDone"));
      await refresh();
    });
  }

  async function openEdit(a: AddressItem) {
    await action.run(
      async () => {
        const full = await getAddress(a.addrId);
        setEditing({
          addrId: full.addrId,
          receiver: full.receiver,
          mobile: full.mobile,
          area: { provinceId: full.provinceId, cityId: full.cityId, areaId: full.areaId },
          addr: full.addr,
          postCode: full.postCode ?? "",
          makeDefault: full.commonAddr === 1,
          wasDefault: full.commonAddr === 1,
        });
      },
      { fallback: t("userCenter.common.loadFailed") },
    );
  }

  const addButton = (
    <button
      type="button"
      className="btn"
      disabled={session.state !== "ready" || !data || full}
      onClick={() => setEditing({ ...EMPTY, makeDefault: list.length === 0 })}
      data-testid="uc-address-add"
    >
      {t("userCenter.address.add")}
    </button>
  );

  return (
    <UcPanel title={t("userCenter.address.title")} actions={addButton} testId="uc-address">
      <UcLoadGate state={session.state} load={load}>
        <p className="uc-muted uc-addr-count" data-testid="uc-address-count">
          {full
            ? t("userCenter.address.full", { max: ADDRESS_COUNT_MAX })
            : t("userCenter.address.count", { n: list.length, max: ADDRESS_COUNT_MAX })}
        </p>
        {list.length === 0 ? (
          <UcEmpty
            icon="pin"
            text={t("userCenter.address.empty")}
            onAction={() => setEditing({ ...EMPTY, makeDefault: true })}
            linkText={t("userCenter.address.add")}
            testId="uc-address-empty"
          />
        ) : (
          <ul className="uc-addr-list" data-testid="uc-address-list">
            {list.map((a) => (
              <li
                key={a.addrId}
                className={`uc-addr${a.commonAddr === 1 ? " is-default" : ""}`}
                data-testid="uc-address-item"
                data-addr-id={a.addrId}
              >
                <div className="uc-addr-main">
                  <p className="uc-addr-who">
                    <strong data-user-content>{a.receiver}</strong>
                    <span>{a.mobile}</span>
                    {a.commonAddr === 1 ? (
                      <span className="uc-badge" data-testid="uc-address-default">
                        {t("userCenter.address.default")}
                      </span>
                    ) : null}
                  </p>
                  <p className="uc-addr-text" data-user-content>
                    {formatAddress(a, locale)}
                    {a.postCode ? <span className="uc-muted"> ({a.postCode})</span> : null}
                  </p>
                </div>
                <div className="uc-addr-ops">
                  {a.commonAddr !== 1 ? (
                    <button
                      type="button"
                      className="uc-link-btn"
                      onClick={() => void makeDefault(a)}
                      data-testid="uc-address-set-default"
                    >
                      {t("userCenter.address.setDefault")}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="uc-link-btn"
                    onClick={() => void openEdit(a)}
                    data-testid="uc-address-edit"
                    aria-label={t("userCenter.address.editOf", { receiver: a.receiver })}
                  >
                    {t("userCenter.common.edit")}
                  </button>
                  <button
                    type="button"
                    className="uc-link-btn"
                    onClick={() => remove(a)}
                    data-testid="uc-address-delete"
                    aria-label={t("userCenter.address.deleteOf", { receiver: a.receiver })}
                  >
                    {t("userCenter.common.delete")}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </UcLoadGate>
      <Modal
        open={editing !== null}
        title={editing?.addrId ? t("userCenter.address.dialogEdit") : t("userCenter.address.dialogAdd")}
        onClose={() => setEditing(null)}
        testId="uc-address-dialog"
        className="uc-addr-dialog"
      >
        {editing ? (
          <AddressForm
            initial={editing}
            onCancel={() => setEditing(null)}
            onGuest={() => {
              setEditing(null);
              session.markGuest();
            }}
            onSaved={async () => {
              setEditing(null);
              await refresh();
            }}
          />
        ) : null}
      </Modal>
      <ConfirmDialog confirm={confirm} />
    </UcPanel>
  );
}
