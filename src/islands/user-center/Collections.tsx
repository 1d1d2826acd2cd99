/**
 * /user-center/uc-collection: tabs "products" and "shops" (?tab=shops opens the second).
 * Products: GET /p/user/collection/prods (grid; items no longer on sale are marked and not
 * linked as buyable), cancel one with POST /p/user/collection/addOrCancel. Shops:
 * GET /p/shop/collection/page, unfollow with POST /p/shop/collection/addOrCancel. Paged.
 */
import { useEffect, useState, type ComponentProps, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import type { Page } from "../../lib/api-types.ts";
import type { CollectedProduct, CollectedShop } from "../../lib/collection/collection-types.ts";
import { toastOk } from "../common/feedback.ts";
import { useSession, useUcLoad } from "../common/session.ts";
import { Pager, ProdImage, UcEmpty, UcGate, UcPanel, UcRoot } from "../common/uc-shell.tsx";
import type { UcIslandProps } from "../common/uc-props.ts";
import { useAction } from "../common/useAction.ts";
import { UcProdCard } from "./UcProdCard.tsx";
import {
  listCollectedProducts,
  listFollowedShops,
  toggleProductCollection,
  toggleShopFollow,
} from "../../client/data/collection.ts";

const PROD_PAGE_SIZE = 12;
const SHOP_PAGE_SIZE = 10;
type Tab = "prods" | "shops";
const TABS: readonly Tab[] = ["prods", "shops"];

export default function Collections(props: UcIslandProps) {
  return (
    <UcRoot locale={props.locale} resources={props.resources}>
      <CollectionsBody homeHref={props.homeHref} />
    </UcRoot>
  );
}

function CollectionsBody({ homeHref }: { homeHref: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const [tab, setTab] = useState<Tab>("prods");
  const base = homeHref.replace(/\/$/, "");

  useEffect(() => {
    if (new URLSearchParams(location.search).get("tab") === "shops") setTab("shops");
  }, []);

  function select(next: Tab) {
    setTab(next);
    const url = new URL(location.href);
    if (next === "shops") url.searchParams.set("tab", "shops");
    else url.searchParams.delete("tab");
    history.replaceState(history.state, "", url);
  }

  function onKey(e: KeyboardEvent<HTMLButtonElement>) {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    e.preventDefault();
    const next = tab === "prods" ? "shops" : "prods";
    select(next);
    document.getElementById(`uc-col-tab-${next}`)?.focus();
  }

  return (
    <UcPanel title={t("userCenter.collection.title")} testId="uc-collection">
      <div className="uc-tabs" role="tablist" aria-label={t("userCenter.collection.title")}>
        {TABS.map((k) => (
          <button
            key={k}
            id={`uc-col-tab-${k}`}
            type="button"
            role="tab"
            aria-selected={tab === k}
            aria-controls={`uc-col-panel-${k}`}
            tabIndex={tab === k ? 0 : -1}
            className="uc-tab"
            data-testid={`uc-collection-tab-${k}`}
            onClick={() => select(k)}
            onKeyDown={onKey}
          >
            {t(`userCenter.collection.tabs.${k}`)}
          </button>
        ))}
      </div>
      <div id={`uc-col-panel-${tab}`} role="tabpanel" aria-labelledby={`uc-col-tab-${tab}`} className="uc-tabpanel">
        {tab === "prods" ? <ProdTab session={session} base={base} /> : <ShopTab session={session} base={base} />}
      </div>
    </UcPanel>
  );
}

type Session = ReturnType<typeof useSession>;

/**
 * One page of a collection list (products or shops) and "remove one": toggles the collection off,
 * then reloads — or steps back a page when the last item of a later page went.
 */
function useCollectionPage<T>(
  session: Session,
  list: (current: number, size: number) => Promise<Page<T>>,
  toggle: (id: number) => Promise<boolean>,
  size: number,
) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(1);
  const load = useUcLoad(session, () => list(current, size), [current]);
  const action = useAction({ onGuest: session.markGuest, fallback: t("userCenter.common.actionFailed") });
  async function removeOne(id: number, done: string) {
    await action.run(async () => {
      await toggle(id);
      toastOk(done);
      if (load.data && load.data.records.length === 1 && current > 1) setCurrent(current - 1);
      else load.reload();
    });
  }
  return { ...load, setCurrent, removeOne };
}

/** A tab's gate, its empty state, and its list (drawn by `children`) with the pager. */
function CollectionList<T>({
  session,
  page,
  empty,
  children,
}: {
  session: Session;
  page: ReturnType<typeof useCollectionPage<T>>;
  empty: { icon: ComponentProps<typeof UcEmpty>["icon"]; text: string; href: string; linkText: string };
  children: (records: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const { data, error, loading, reload, setCurrent } = page;
  return (
    <UcGate state={session.state} error={error} loading={loading && !data} onRetry={reload}>
      {data && data.records.length === 0 ? <UcEmpty {...empty} testId="uc-collection-empty" /> : null}
      {data && data.records.length > 0 ? (
        <>
          {children(data.records)}
          <Pager
            current={data.current}
            pages={data.pages}
            onChange={setCurrent}
            label={t("userCenter.collection.pagination")}
          />
        </>
      ) : null}
    </UcGate>
  );
}

function ProdTab({ session, base }: { session: Session; base: string }) {
  const { t } = useTranslation();
  const page = useCollectionPage<CollectedProduct>(
    session,
    listCollectedProducts,
    toggleProductCollection,
    PROD_PAGE_SIZE,
  );
  const cancel = (p: CollectedProduct) => page.removeOne(p.prodId, t("userCenter.collection.cancelled"));
  const empty = {
    icon: "heart",
    text: t("userCenter.collection.emptyProds"),
    href: `${base}/list?st=0`,
    linkText: t("userCenter.collection.browseProds"),
  } as const;

  return (
    <CollectionList session={session} page={page} empty={empty}>
      {(records) => (
        <ul className="uc-prod-grid" data-testid="uc-collection-prods" aria-busy={page.loading}>
          {records.map((p) => (
            <UcProdCard key={p.prodId} base={base} prod={p} testId="uc-collection-prod">
              <button
                type="button"
                className="uc-link-btn"
                onClick={() => void cancel(p)}
                data-testid="uc-collection-cancel"
                aria-label={t("userCenter.collection.cancelOf", { name: p.prodName })}
              >
                {t("userCenter.collection.cancel")}
              </button>
            </UcProdCard>
          ))}
        </ul>
      )}
    </CollectionList>
  );
}

function ShopTab({ session, base }: { session: Session; base: string }) {
  const { t } = useTranslation();
  const page = useCollectionPage<CollectedShop>(session, listFollowedShops, toggleShopFollow, SHOP_PAGE_SIZE);
  const unfollow = (s: CollectedShop) => page.removeOne(s.shopId, t("userCenter.collection.unfollowed"));
  const empty = {
    icon: "shop",
    text: t("userCenter.collection.emptyShops"),
    href: `${base}/shopList`,
    linkText: t("userCenter.collection.browseShops"),
  } as const;

  return (
    <CollectionList session={session} page={page} empty={empty}>
      {(records) => (
        <ul className="uc-shop-list" data-testid="uc-collection-shops" aria-busy={page.loading}>
          {records.map((s) => {
            const open = s.shopStatus === undefined || s.shopStatus === null || s.shopStatus === 1;
            return (
              <li key={s.shopId} className="uc-shop-row" data-testid="uc-collection-shop" data-shop-id={s.shopId}>
                <ProdImage src={s.shopLogo} alt="" size={56} />
                <div className="uc-shop-main">
                  {open ? (
                    <a href={`${base}/shopIndex?sid=${s.shopId}`} className="uc-shop-name">
                      {s.shopName}
                    </a>
                  ) : (
                    <span className="uc-shop-name">{s.shopName}</span>
                  )}
                  <p className="uc-muted">
                    {typeof s.fansCount === "number" ? t("userCenter.collection.fans", { n: s.fansCount }) : null}
                    {!open ? (
                      <span className="uc-prod-flag uc-inline-flag">{t("userCenter.collection.shopClosed")}</span>
                    ) : null}
                  </p>
                </div>
                <div className="uc-shop-ops">
                  {open ? (
                    <a
                      href={`${base}/shopIndex?sid=${s.shopId}`}
                      className="btn btn-ghost"
                      aria-label={t("userCenter.collection.enterShopOf", { name: s.shopName })}
                    >
                      {t("userCenter.collection.enterShop")}
                    </a>
                  ) : null}
                  <button
                    type="button"
                    className="uc-link-btn"
                    onClick={() => void unfollow(s)}
                    data-testid="uc-collection-unfollow"
                    aria-label={t("userCenter.collection.unfollowOf", { name: s.shopName })}
                  >
                    {t("userCenter.collection.unfollow")}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </CollectionList>
  );
}
