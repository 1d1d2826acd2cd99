/**
 * /decorate-studio — the decoration studio (docs/renovation.md "The studio"): a shop signs in
 * with its store account (POST /merchant/login), sees its pages (live, drafts, earlier versions,
 * windows: StudioPages.tsx), and composes one (StudioEditor.tsx, its state in useStudioEditor.ts):
 * blocks from a palette of every type, reordered by drag or keyboard (dnd-kit sortable: Space,
 * arrows, Space), duplicated and deleted; each block edited in the form generated from the block
 * rules' JSON Schema (SchemaForm.tsx); undo / redo; the draft saves itself (PUT with
 * baseUpdatedAt: a second editor's save is a conflict, nothing lost); beside it the real
 * storefront rendering of the unsaved blocks (POST …/preview → /select-decorate in a frame) in
 * each language and at 1366, 1920 and 1024 wide. Publish now, schedule a window, restore an
 * earlier version, unpublish. Server refusals show on the block and field they name. The calls
 * are src/client/data/renovation.ts.
 */
import { useEffect, useState, type FormEvent } from "react";
import { I18nProvider, useTranslation } from "../common/I18nProvider.tsx";
import { messageOf } from "../common/feedback.ts";
import { merchantSignIn } from "../../client/data/renovation.ts";
import type { Locale } from "../../lib/locale.ts";
import type { IslandResources } from "../../lib/translate.ts";
import type { Json } from "./schema-kit.tsx";
import { StudioEditor } from "./StudioEditor.tsx";
import { StudioPages } from "./StudioPages.tsx";
import { loadSession, saveSession, type Session } from "./studio-session.ts";
import "./renovation-studio.css";

export interface RenovationStudioProps {
  locale: Locale;
  resources: IslandResources;
  /** The JSON Schema of a draft (src/lib/renovation/json-schema.ts): the rules the server applies. */
  schema: Json;
}

export default function RenovationStudio(props: RenovationStudioProps) {
  return (
    <I18nProvider locale={props.locale} resources={props.resources}>
      <Studio schema={props.schema} />
    </I18nProvider>
  );
}

function Studio({ schema }: { schema: Json }) {
  const [session, setSession] = useState<Session | null>(null);
  const [ready, setReady] = useState(false);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  useEffect(() => {
    setSession(loadSession());
    setReady(true);
  }, []);
  if (!ready) return null;
  if (!session)
    return (
      <SignIn
        onSignedIn={(s) => {
          saveSession(s);
          setSession(s);
        }}
      />
    );
  const signOut = () => {
    saveSession(null);
    setSession(null);
    setEditing(null);
  };
  return editing ? (
    <StudioEditor
      session={session}
      schema={schema}
      id={editing.id}
      onBack={() => setEditing(null)}
      onSignOut={signOut}
    />
  ) : (
    <StudioPages session={session} onOpen={(id) => setEditing({ id })} onSignOut={signOut} />
  );
}

function SignIn({ onSignedIn }: { onSignedIn: (s: Session) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError("");
    try {
      const r = await merchantSignIn(String(form.get("username") ?? ""), String(form.get("password") ?? ""));
      onSignedIn({ token: r.accessToken, shopId: r.shopId });
    } catch (err) {
      setError(messageOf(err, t("renovation.studio.error")));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ds-signin" aria-labelledby="ds-signin-title">
      <h2 id="ds-signin-title">{t("renovation.studio.signInTitle")}</h2>
      <p className="ds-hint">{t("renovation.studio.signInHint")}</p>
      <form onSubmit={submit} noValidate>
        <div className="form-row">
          <label className="form-label" htmlFor="ds-username">
            {t("renovation.studio.username")}
          </label>
          <div className="form-control">
            <input id="ds-username" name="username" className="input" type="text" autoComplete="username" required />
          </div>
        </div>
        <div className="form-row">
          <label className="form-label" htmlFor="ds-password">
            {t("renovation.studio.password")}
          </label>
          <div className="form-control">
            <input
              id="ds-password"
              name="password"
              className="input"
              type="password"
              autoComplete="current-password"
              required
            />
          </div>
        </div>
        {error && (
          <p className="ds-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn" disabled={busy}>
          {t("renovation.studio.signIn")}
        </button>
      </form>
    </section>
  );
}
