/**
 * The studio's palette (a block of every type) and the page's blocks: reordered by drag or
 * keyboard (dnd-kit sortable: Space, arrows, Space; moves announced in the page's language),
 * selected, duplicated and deleted; a block the server refused is marked.
 */
import { useEffect, useRef } from "react";
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useTranslation } from "../common/I18nProvider.tsx";
import { DRAFT_BLOCK_TYPES } from "../../lib/renovation/block-types.ts";
import type { Block } from "./studio-model.ts";
import type { StudioEditorState } from "./useStudioEditor.ts";

export function StudioBlocks({ s, typeName }: { s: StudioEditorState; typeName: (type: string) => string }) {
  const { t } = useTranslation();
  const { blocks } = s;
  // The removed block's buttons had the focus: it goes to the block now at that place (or the last
  // one, or the palette when none is left), not to the top of the page.
  const blockList = useRef<HTMLOListElement>(null);
  const palette = useRef<HTMLUListElement>(null);
  const focusAfterRemove = useRef<number | null>(null);
  useEffect(() => {
    const at = focusAfterRemove.current;
    if (at === null) return;
    focusAfterRemove.current = null;
    const names = blockList.current?.querySelectorAll<HTMLElement>(".ds-block-name");
    const target = names?.[Math.min(at, names.length - 1)] ?? palette.current?.querySelector<HTMLElement>("button");
    target?.focus();
  }, [blocks]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (key: string | number) => blocks.findIndex((b) => b.key === key) + 1;
  const typeOfKey = (key: string | number) => typeName(blocks.find((b) => b.key === key)?.type ?? "");
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t("renovation.studio.pickedUp", { type: typeOfKey(active.id), n: position(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t("renovation.studio.movedOver", { type: typeOfKey(active.id), n: position(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t("renovation.studio.moved", { type: typeOfKey(active.id), n: position(over.id) }) : undefined,
    onDragCancel: () => t("renovation.studio.cancelled"),
  };

  return (
    <>
      <section aria-labelledby="ds-palette-title">
        <h3 id="ds-palette-title">{t("renovation.studio.palette")}</h3>
        <ul className="ds-palette" ref={palette}>
          {DRAFT_BLOCK_TYPES.map((type) => (
            <li key={type}>
              <button
                type="button"
                className="ds-palette-btn"
                aria-label={t("renovation.studio.add", { type: typeName(type) })}
                onClick={() => s.add(type)}
                data-type={type}
              >
                {typeName(type)}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="ds-blocks-title">
        <h3 id="ds-blocks-title">{t("renovation.studio.blocks")}</h3>
        {blocks.length === 0 ? (
          <p className="ds-hint">{t("renovation.studio.noBlocks")}</p>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={({ active, over }) => {
              if (over && active.id !== over.id) s.move(active.id, over.id);
            }}
            accessibility={{ announcements }}
          >
            <SortableContext items={blocks.map((b) => b.key)} strategy={verticalListSortingStrategy}>
              <ol className="ds-blocks" data-testid="studio-blocks" ref={blockList}>
                {blocks.map((b, i) => (
                  <BlockRow
                    key={b.key}
                    block={b}
                    index={i}
                    label={typeName(b.type)}
                    selected={b.key === s.selected}
                    refused={s.refusal?.path[0] === i}
                    onSelect={() => s.setSelected(b.key)}
                    onDuplicate={() => s.duplicate(i)}
                    onRemove={() => {
                      focusAfterRemove.current = i;
                      s.remove(i);
                    }}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        )}
      </section>
    </>
  );
}

function BlockRow(props: {
  block: Block;
  index: number;
  label: string;
  selected: boolean;
  refused: boolean;
  onSelect: () => void;
  onDuplicate: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: props.block.key });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`ds-block${props.selected ? " is-selected" : ""}${props.refused ? " is-refused" : ""}${isDragging ? " is-dragging" : ""}`}
      data-testid="studio-block"
      data-type={props.block.type}
    >
      <button
        type="button"
        className="ds-handle"
        {...attributes}
        {...listeners}
        aria-label={t("renovation.studio.move", { type: props.label })}
        aria-describedby={undefined}
        data-testid="studio-handle"
      >
        ⠿
      </button>
      <button type="button" className="ds-block-name" aria-pressed={props.selected} onClick={props.onSelect}>
        {props.index + 1}. {props.label}
        {props.refused && (
          <span className="ds-block-error" data-testid="studio-block-error">
            {" "}
            ⚠ <span className="visually-hidden">{t("renovation.studio.blockError")}</span>
          </span>
        )}
      </button>
      <button type="button" className="ds-link-btn" onClick={props.onDuplicate}>
        {t("renovation.studio.duplicate")}
        <span className="visually-hidden"> {props.label}</span>
      </button>
      <button type="button" className="ds-link-btn" onClick={props.onRemove}>
        {t("renovation.studio.remove")}
        <span className="visually-hidden"> {props.label}</span>
      </button>
    </li>
  );
}
