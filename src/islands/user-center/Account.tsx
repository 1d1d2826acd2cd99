/**
 * /user-center/uc-account: nickname (nicknameRule: not empty, max 15), gender (M/F) and avatar.
 * The avatar is pre-checked in the browser (type jpg/png/gif/webp, size ≤ 2 MB; the server
 * decides), uploaded at once to POST /p/file/upload (folder=avatar) and previewed; "save" sends
 * PUT /p/user/setUserInfo and updates the shared $user store (the header nickname follows).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { NICKNAME_MAX } from "../../lib/account/account-rules.ts";
import { IMAGE_MAX_BYTES } from "../../lib/image/upload-limits.ts";
import { nicknameRule } from "../../lib/account/account-rules.ts";
import { ruleError } from "../../lib/rule-kit.ts";
import { $user } from "../../stores/index.ts";
import type { UserInfo } from "../../lib/account/account-types.ts";
import { toastOk } from "../common/feedback.ts";
import { useSession, useUcLoad } from "../common/session.ts";
import { FieldError, UcAvatar, UcLoadGate, UcPanel, UcRoot } from "../common/uc-shell.tsx";
import type { UcIslandProps } from "../common/uc-props.ts";
import { useAction } from "../common/useAction.ts";
import { publishUser } from "./publish-user.ts";
import { getUserInfo, setUserInfo } from "../../client/data/account.ts";
import { uploadFile } from "../../client/data/upload.ts";

/** Avatar types the browser accepts (the server checks the content again). */
export const AVATAR_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;

/** null when the file may be uploaded, else the message key. */
export function avatarFileError(file: { type: string; size: number }): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return "userCenter.account.avatarType";
  if (file.size > IMAGE_MAX_BYTES) return "userCenter.account.avatarSize";
  return null;
}

export default function Account(props: UcIslandProps) {
  return (
    <UcRoot locale={props.locale} resources={props.resources}>
      <AccountBody />
    </UcRoot>
  );
}

function AccountBody() {
  const { t } = useTranslation();
  const session = useSession();
  const load = useUcLoad(session, () => getUserInfo());
  const { data } = load;
  return (
    <UcPanel title={t("userCenter.account.title")} testId="uc-account">
      <UcLoadGate state={session.state} load={load}>
        {data ? <AccountForm info={data} onGuest={session.markGuest} /> : null}
      </UcLoadGate>
    </UcPanel>
  );
}

function AccountForm({ info, onGuest }: { info: UserInfo; onGuest: () => void }) {
  const { t } = useTranslation();
  const ids = {
    nick: useId(),
    nickErr: useId(),
    nickHint: useId(),
    avatar: useId(),
    avatarHint: useId(),
    avatarErr: useId(),
  };
  const [nickName, setNickName] = useState(info.nickName ?? "");
  const [sex, setSex] = useState<UserInfo["sex"]>(info.sex === "F" ? "F" : "M");
  const [avatarUrl, setAvatarUrl] = useState<string | null>(info.pic ?? null);
  const [nickError, setNickError] = useState("");
  const [avatarError, setAvatarError] = useState("");
  const uploader = useAction({
    onGuest,
    fallback: t("userCenter.account.uploadFailed"),
    setError: setAvatarError,
    inlineOnly: true,
  });
  const uploading = uploader.busy;
  const saver = useAction({ onGuest, fallback: t("userCenter.common.saveFailed") });
  const saving = saver.busy;
  const fileRef = useRef<HTMLInputElement>(null);
  const nickRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    publishUser(info);
  }, [info]);

  async function onFile(file: File | undefined) {
    setAvatarError("");
    if (!file) return;
    const problem = avatarFileError(file);
    if (problem) {
      setAvatarError(t(problem));
      if (fileRef.current) fileRef.current.value = "";
      return;
    }
    const form = new FormData();
    form.append("file", file);
    form.append("folder", "avatar");
    await uploader.run(async () => {
      const path = await uploadFile(form, "avatar");
      setAvatarUrl(path);
      toastOk(t("userCenter.account.uploaded"));
    });
    if (fileRef.current) fileRef.current.value = "";
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = ruleError(nicknameRule, nickName);
    setNickError(problem ? t(problem) : "");
    if (problem) {
      nickRef.current?.focus();
      return;
    }
    const nick = nickName.trim();
    await saver.run(async () => {
      await setUserInfo({ nickName: nick, avatarUrl: avatarUrl ?? "", sex });
      setNickName(nick);
      const cur = $user.get();
      publishUser({
        ...info,
        userId: cur?.userId ?? info.userId,
        username: cur?.username ?? info.username,
        userMobile: cur?.userMobile ?? info.userMobile,
        nickName: nick,
        pic: avatarUrl,
        sex,
      });
      toastOk(t("userCenter.account.saved"));
    });
  }

  return (
    <form className="uc-form" onSubmit={onSubmit} noValidate data-testid="uc-account-form">
      <div className="uc-field">
        <span className="uc-label" id={`${ids.avatar}-label`}>
          {t("userCenter.account.avatar")}
        </span>
        <div className="uc-avatar-row">
          <UcAvatar
            src={avatarUrl}
            alt={t("userCenter.account.avatarPreview")}
            name={nickName || info.username}
            testId="uc-avatar-preview"
          />
          <div>
            <label className="btn btn-ghost uc-file-btn" htmlFor={ids.avatar} aria-disabled={uploading}>
              {uploading ? t("userCenter.account.uploading") : t("userCenter.account.avatarChange")}
            </label>
            <input
              ref={fileRef}
              id={ids.avatar}
              className="visually-hidden"
              type="file"
              accept=".jpg,.jpeg,.png,.gif,.webp,image/jpeg,image/png,image/gif,image/webp"
              aria-describedby={`${ids.avatarHint}${avatarError ? ` ${ids.avatarErr}` : ""}`}
              disabled={uploading}
              data-testid="uc-avatar-input"
              onChange={(e) => void onFile(e.currentTarget.files?.[0])}
            />
            <p id={ids.avatarHint} className="uc-hint">
              {t("userCenter.account.avatarHint")}
            </p>
            <FieldError id={ids.avatarErr} message={avatarError} />
          </div>
        </div>
      </div>

      <div className="uc-field">
        <span className="uc-label">{t("userCenter.account.username")}</span>
        <span className="uc-static">{info.username}</span>
      </div>
      {info.userMobile ? (
        <div className="uc-field">
          <span className="uc-label">{t("userCenter.account.mobile")}</span>
          <span className="uc-static">{info.userMobile}</span>
        </div>
      ) : null}

      <div className="uc-field">
        <label className="uc-label" htmlFor={ids.nick}>
          {t("userCenter.account.nickname")}
        </label>
        <div className="uc-control">
          <input
            ref={nickRef}
            id={ids.nick}
            className="input"
            type="text"
            value={nickName}
            maxLength={NICKNAME_MAX}
            autoComplete="nickname"
            required
            aria-invalid={nickError ? true : undefined}
            aria-describedby={`${ids.nickHint}${nickError ? ` ${ids.nickErr}` : ""}`}
            data-testid="uc-nickname"
            onChange={(e) => {
              setNickName(e.target.value);
              if (nickError) setNickError("");
            }}
          />
          <p id={ids.nickHint} className="uc-hint">
            {t("userCenter.account.nicknameHint", { max: NICKNAME_MAX })}
          </p>
          <FieldError id={ids.nickErr} message={nickError} />
        </div>
      </div>

      <fieldset className="uc-field uc-fieldset">
        <legend className="uc-label">{t("userCenter.account.gender")}</legend>
        <div className="uc-radios choice-group">
          {(["M", "F"] as const).map((v) => (
            <label key={v} className="choice">
              <input
                type="radio"
                name="sex"
                value={v}
                checked={sex === v}
                onChange={() => setSex(v)}
                data-testid={`uc-sex-${v}`}
              />
              {t(v === "M" ? "userCenter.account.male" : "userCenter.account.female")}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="uc-form-actions">
        <button type="submit" className="btn" disabled={saving || uploading} data-testid="uc-account-save">
          {saving ? t("userCenter.common.saving") : t("userCenter.common.save")}
        </button>
      </div>
    </form>
  );
}
