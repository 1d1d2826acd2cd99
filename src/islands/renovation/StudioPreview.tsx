/**
 * The storefront's real rendering of the unsaved blocks beside the editor: in a frame, in the
 * language and at the width chosen (1366, 1920, 1024), scaled down to the column.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { localePath, LOCALES, type Locale } from "../../lib/locale.ts";
import type { TranslationKey } from "../../lib/translate.ts";
import { WIDTHS, type PreviewWidth } from "./studio-model.ts";

export function StudioPreview({ path, error }: { path: string | null; error: string }) {
  const { t, locale } = useTranslation();
  const [previewLocale, setPreviewLocale] = useState<Locale>(locale);
  const [width, setWidth] = useState<PreviewWidth>(1366);
  const langName = (l: Locale) => t(`renovation.studio.lang_${l}` as TranslationKey);
  return (
    <section className="ds-preview" aria-labelledby="ds-preview-title">
      <h3 id="ds-preview-title">{t("renovation.studio.preview")}</h3>
      <div className="ds-preview-controls">
        <Choices
          label={t("renovation.studio.previewLocale")}
          name="ds-preview-locale"
          options={LOCALES.map((l) => ({ value: l, text: langName(l) }))}
          value={previewLocale}
          onChange={setPreviewLocale}
        />
        <Choices
          label={t("renovation.studio.previewWidth")}
          name="ds-preview-width"
          options={WIDTHS.map((w) => ({ value: w, text: String(w) }))}
          value={width}
          onChange={setWidth}
        />
      </div>
      {error && (
        <p className="ds-field-error" role="alert" data-testid="studio-preview-error">
          {t("renovation.studio.previewRefused", { msg: error })}
        </p>
      )}
      <PreviewFrame
        src={path ? localePath(previewLocale, path) : null}
        width={width}
        title={t("renovation.studio.previewFrame", { locale: langName(previewLocale), width })}
      />
    </section>
  );
}

/** A row of option buttons (radio cards of controls.css). */
function Choices<V extends string | number>({
  label,
  name,
  options,
  value,
  onChange,
}: {
  label: string;
  name: string;
  options: { value: V; text: string }[];
  value: V;
  onChange: (v: V) => void;
}) {
  return (
    <div className="choice-group" role="radiogroup" aria-label={label}>
      {options.map((o) => (
        <label key={o.value} className="choice">
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          {o.text}
        </label>
      ))}
    </div>
  );
}

/** The storefront page in a frame `width` CSS pixels wide, scaled down to the column. */
function PreviewFrame({ src, width, title }: { src: string | null; width: number; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.5);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const fit = () => setScale(Math.min(1, el.clientWidth / width));
    fit();
    const ro = new ResizeObserver(fit);
    ro.observe(el);
    return () => ro.disconnect();
  }, [width]);
  const height = 1400;
  return (
    <div className="ds-frame-box" ref={box} style={{ height: height * scale }}>
      {src && (
        <iframe
          src={src}
          title={title}
          data-testid="studio-preview-frame"
          data-width={width}
          width={width}
          height={height}
          style={{ transform: `scale(${scale})` }}
          className="ds-frame"
        />
      )}
    </div>
  );
}
