/**
 * The studio's editor of one page (useStudioEditor.ts holds its state and calls): the toolbar
 * (name, undo / redo, save state, publish), a save's conflict, the schedule, then the palette and
 * blocks (StudioBlocks.tsx), the selected block's form (SchemaForm.tsx) and the preview
 * (StudioPreview.tsx).
 */
import { Fragment, useState } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import type { TranslationKey } from "../../lib/translate.ts";
import { SchemaField } from "./SchemaForm.tsx";
import type { Json } from "./schema-kit.tsx";
import { StudioBlocks } from "./StudioBlocks.tsx";
import { StudioHeader } from "./StudioHeader.tsx";
import { StudioPreview } from "./StudioPreview.tsx";
import type { Session } from "./studio-session.ts";
import { useStudioEditor, type SaveState } from "./useStudioEditor.ts";

export function StudioEditor({
  session,
  schema,
  id,
  onBack,
  onSignOut,
}: {
  session: Session;
  schema: Json;
  id: number | null;
  onBack: () => void;
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  const s = useStudioEditor(session.token, schema, id, onSignOut);
  const { draft, hist, save, refusal, sel, env } = s;
  const [startAt, setStartAt] = useState("");
  const [endAt, setEndAt] = useState("");
  const typeName = (type: string) => t(`renovation.studio.types.${type}` as TranslationKey);

  if (s.notFound)
    return (
      <section className="ds-editor">
        <StudioHeader session={session} onSignOut={onSignOut} />
        <p role="alert" className="ds-error" data-testid="studio-not-found">
          {t("renovation.studio.notFoundPage")}
        </p>
        <button type="button" className="btn btn-ghost" onClick={onBack}>
          {t("renovation.studio.back")}
        </button>
      </section>
    );

  return (
    <section className="ds-editor" aria-labelledby="ds-editor-title">
      <StudioHeader session={session} onSignOut={onSignOut} />
      <div className="ds-toolbar">
        <button type="button" className="btn btn-ghost ds-small" onClick={onBack}>
          {t("renovation.studio.back")}
        </button>
        <h2 id="ds-editor-title" className="visually-hidden">
          {draft.name}
        </h2>
        <label className="ds-label" htmlFor="ds-name">
          {t("renovation.studio.name")}
        </label>
        <input
          id="ds-name"
          className="input ds-name"
          type="text"
          maxLength={60}
          value={draft.name}
          onChange={(e) => s.setName(e.target.value)}
        />
        <button type="button" className="btn btn-ghost ds-small" disabled={hist.past.length === 0} onClick={s.undo}>
          {t("renovation.studio.undo")}
        </button>
        <button type="button" className="btn btn-ghost ds-small" disabled={hist.future.length === 0} onClick={s.redo}>
          {t("renovation.studio.redo")}
        </button>
        <span className="ds-save" role="status" data-testid="studio-save">
          {saveText(save, t)}
        </span>
        <button type="button" className="btn ds-small" onClick={() => void s.publish()} data-testid="studio-publish">
          {t("renovation.studio.publish")}
        </button>
      </div>
      {save.kind === "conflict" && (
        <div className="ds-conflict" role="alert" data-testid="studio-conflict">
          <p>{save.msg}</p>
          <button type="button" className="btn btn-ghost ds-small" onClick={() => void s.loadTheirs()}>
            {t("renovation.studio.conflictLoad")}
          </button>
          <button type="button" className="btn ds-small" onClick={() => void s.saveMineAsNew()}>
            {t("renovation.studio.conflictCopy")}
          </button>
        </div>
      )}
      <p className="ds-status" role="status" data-testid="studio-message">
        {s.message}
      </p>
      <form
        className="ds-schedule"
        onSubmit={(e) => {
          e.preventDefault();
          void s.schedule(startAt, endAt);
        }}
        aria-label={t("renovation.studio.schedule")}
      >
        {(
          [
            ["start", t("renovation.studio.startAt"), "2030-01-01 08:00", startAt, setStartAt],
            ["end", t("renovation.studio.endAt"), "2030-01-02 08:00", endAt, setEndAt],
          ] as const
        ).map(([name, label, example, value, set]) => (
          <Fragment key={name}>
            <label className="ds-label" htmlFor={`ds-${name}`}>
              {label}
            </label>
            <input
              id={`ds-${name}`}
              className="input"
              type="text"
              placeholder={example}
              value={value}
              onChange={(e) => set(e.target.value)}
            />
          </Fragment>
        ))}
        <button type="submit" className="btn btn-ghost ds-small">
          {t("renovation.studio.scheduleSave")}
        </button>
      </form>
      <div className="ds-main">
        <div className="ds-side">
          <StudioBlocks s={s} typeName={typeName} />
          <section aria-labelledby="ds-form-title" className="ds-form" data-testid="studio-form">
            <h3 id="ds-form-title">
              {t("renovation.studio.form")}
              {sel ? `: ${typeName(sel.type)}` : ""}
            </h3>
            {refusal && (!sel || refusal.path[0] !== s.selIndex) && (
              <p className="ds-field-error" role="alert">
                {refusal.msg}
              </p>
            )}
            {sel && env ? (
              <SchemaField
                env={env}
                schema={s.selSchema}
                value={sel.dataField}
                path={[]}
                label=""
                onChange={s.editSelected}
              />
            ) : (
              <p className="ds-hint">{t("renovation.studio.noSelection")}</p>
            )}
          </section>
        </div>
        <StudioPreview path={s.previewPath} error={s.previewError} />
      </div>
    </section>
  );
}

function saveText(save: SaveState, t: ReturnType<typeof useTranslation>["t"]): string {
  switch (save.kind) {
    case "saving":
      return t("renovation.studio.saving");
    case "saved":
      return t("renovation.studio.saved");
    case "refused":
      return t("renovation.studio.notSaved", { msg: save.msg });
    case "conflict":
      return "";
    default:
      return t("renovation.studio.unsaved");
  }
}
