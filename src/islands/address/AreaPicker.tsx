/**
 * Province / city / district cascade from GET /p/area/listByPid?pid= (0 = provinces). Three
 * labelled <select>s: choosing a level loads the next one and clears the levels below.
 * Loaded lists are kept for the page's lifetime (the area tree does not change).
 */
import { useEffect, useState } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import type { AreaItem } from "../../lib/address/address-types.ts";
import { listAreas } from "../../client/data/address.ts";

const cache = new Map<number, Promise<AreaItem[]>>();

function children(pid: number): Promise<AreaItem[]> {
  let p = cache.get(pid);
  if (!p) {
    p = listAreas(pid).catch((e: unknown) => {
      cache.delete(pid);
      throw e;
    });
    cache.set(pid, p);
  }
  return p;
}

export interface AreaValue {
  provinceId: number | null;
  cityId: number | null;
  areaId: number | null;
}

type Level = "province" | "city" | "area";
const LEVELS: readonly Level[] = ["province", "city", "area"];
const ID_OF: Record<Level, keyof AreaValue> = { province: "provinceId", city: "cityId", area: "areaId" };

export function AreaPicker({
  idBase,
  value,
  onChange,
  errors,
}: {
  idBase: string;
  value: AreaValue;
  onChange: (value: AreaValue) => void;
  /** Message per level (already translated), or "". */
  errors: Partial<Record<Level, string>>;
}) {
  const { t } = useTranslation();
  const [lists, setLists] = useState<Record<Level, AreaItem[]>>({ province: [], city: [], area: [] });
  const [failed, setFailed] = useState(false);

  const parents: Record<Level, number | null> = { province: 0, city: value.provinceId, area: value.cityId };

  useEffect(() => {
    let alive = true;
    for (const level of LEVELS) {
      const pid = parents[level];
      if (pid === null) {
        setLists((s) => (s[level].length ? { ...s, [level]: [] } : s));
        continue;
      }
      children(pid)
        .then((list) => {
          if (alive) setLists((s) => ({ ...s, [level]: list }));
        })
        .catch(() => {
          if (alive) setFailed(true);
        });
    }
    return () => {
      alive = false;
    };
    // Reload when a parent changes.
  }, [value.provinceId, value.cityId]);

  function choose(level: Level, raw: string) {
    const id = raw ? Number(raw) : null;
    const next: AreaValue = { ...value, [ID_OF[level]]: id };
    if (level === "province") {
      next.cityId = null;
      next.areaId = null;
    } else if (level === "city") next.areaId = null;
    onChange(next);
  }

  return (
    <fieldset className="uc-field uc-fieldset" data-testid="uc-area-picker">
      <legend className="uc-label">
        {t("userCenter.address.region")}
        <span className="uc-required" aria-hidden="true">
          *
        </span>
      </legend>
      <div className="uc-control">
        <div className="uc-area-row">
          {LEVELS.map((level) => {
            const id = `${idBase}-${level}`;
            const err = errors[level] ?? "";
            const disabled = parents[level] === null;
            return (
              <div key={level} className="uc-area-col">
                <label className="visually-hidden" htmlFor={id}>
                  {t(`userCenter.address.${level}`)}
                </label>
                <select
                  id={id}
                  className="select"
                  value={value[ID_OF[level]] ?? ""}
                  disabled={disabled}
                  required
                  aria-invalid={err ? true : undefined}
                  aria-describedby={err ? `${id}-err` : undefined}
                  data-testid={`uc-area-${level}`}
                  onChange={(e) => choose(level, e.target.value)}
                >
                  <option value="">{t(`userCenter.address.choose.${level}`)}</option>
                  {lists[level].map((a) => (
                    <option key={a.areaId} value={a.areaId}>
                      {a.areaName}
                    </option>
                  ))}
                </select>
              </div>
            );
          })}
        </div>
        {LEVELS.map((level) =>
          errors[level] ? (
            <p key={level} id={`${idBase}-${level}-err`} className="uc-field-error" role="alert">
              {errors[level]}
            </p>
          ) : null,
        )}
        {failed ? (
          <p className="uc-field-error" role="alert">
            {t("userCenter.address.areaFailed")}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
