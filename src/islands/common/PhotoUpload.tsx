/**
 * Picture list with an "add photo" button for forms that take images (review photos, refund
 * vouchers): each chosen file is uploaded at once to POST /p/file/upload?folder=<folder> (the
 * server checks format by content and the 2 MB limit and answers the message in the buyer's
 * language); the browser only pre-checks type and size to save a round trip. Answers the
 * stored paths through onChange. Each picture is previewed from the image ladder (Picture: the
 * 160 px variant, the placeholder colour meanwhile), never the stored upload; a private one (a
 * store application's licence and ID card, folder "identity") has no public variants and is shown
 * from its private preview (owner and platform only; src/lib/image/private.ts).
 */
import { useId, useRef, useState } from "react";
import { IMAGE_MAX_BYTES } from "../../lib/image/upload-limits.ts";
import { isPrivateUpload, privatePreviewPath } from "../../lib/image/private.ts";
import { Picture } from "./Picture.tsx";
import { messageOf } from "./feedback.ts";
import { isUnauthorized } from "./session.ts";
import "./photo-upload.css";
import { uploadFile } from "../../client/data/upload.ts";

const TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"];
/** The previews' box, CSS pixels (photo-upload.css). */
const THUMB = 72;

export interface PhotoUploadTexts {
  add: string;
  uploading: string;
  remove: (n: number) => string;
  format: string;
  size: string;
  failed: string;
}

export function PhotoUpload({
  folder,
  max,
  value,
  onChange,
  texts,
  onUnauthorized,
  testId,
}: {
  folder: "review" | "refund" | "store" | "identity";
  max: number;
  value: string[];
  onChange: (paths: string[]) => void;
  texts: PhotoUploadTexts;
  onUnauthorized: () => void;
  testId: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  async function onFiles(files: FileList | null) {
    setError("");
    const list = [...(files ?? [])].slice(0, Math.max(0, max - value.length));
    let paths = value;
    setBusy(true);
    try {
      for (const file of list) {
        if (!TYPES.includes(file.type)) {
          setError(texts.format);
          continue;
        }
        if (file.size > IMAGE_MAX_BYTES) {
          setError(texts.size);
          continue;
        }
        const form = new FormData();
        form.append("file", file);
        try {
          paths = [...paths, await uploadFile(form, folder)];
          onChange(paths);
        } catch (e) {
          if (isUnauthorized(e)) return onUnauthorized();
          setError(messageOf(e, texts.failed));
        }
      }
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div className="photo-upload" data-testid={testId}>
      <ul className="photo-list">
        {value.map((src, i) => (
          <li key={src}>
            <PhotoThumb src={src} />
            <button
              type="button"
              className="photo-remove"
              aria-label={texts.remove(i + 1)}
              onClick={() => onChange(value.filter((p) => p !== src))}
            >
              ×
            </button>
          </li>
        ))}
        {value.length < max ? (
          <li>
            <label htmlFor={id} className="upload-tile" aria-disabled={busy}>
              {busy ? texts.uploading : `+ ${texts.add}`}
            </label>
            <input
              ref={input}
              id={id}
              className="visually-hidden"
              type="file"
              accept={TYPES.join(",")}
              multiple
              disabled={busy}
              data-testid={`${testId}-input`}
              onChange={(e) => void onFiles(e.currentTarget.files)}
            />
          </li>
        ) : null}
      </ul>
      {error ? (
        <p className="uc-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A chosen picture's 72 px preview: a private one's from its private preview, never the whole document. */
function PhotoThumb({ src }: { src: string }) {
  return isPrivateUpload(src) ? (
    <img src={privatePreviewPath(src)} alt="" width={THUMB} height={THUMB} decoding="async" data-private-preview />
  ) : (
    <Picture src={src} alt="" width={THUMB} height={THUMB} />
  );
}
