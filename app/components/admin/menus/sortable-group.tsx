import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardCode,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import type { ReactNode } from 'react';

/** Keyboard moves go in 25 px steps, like a pointer drag, not item by item. */
export const KEYBOARD_STEP_PX = 25;

const stepCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  switch (event.code) {
    case KeyboardCode.Down:
      return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_STEP_PX };
    case KeyboardCode.Up:
      return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_STEP_PX };
    case KeyboardCode.Right:
      return { ...currentCoordinates, x: currentCoordinates.x + KEYBOARD_STEP_PX };
    case KeyboardCode.Left:
      return { ...currentCoordinates, x: currentCoordinates.x - KEYBOARD_STEP_PX };
    default:
      return undefined;
  }
};

export const movedMessage = (title: string, index: number, count: number) => `Moved ${title} to position ${index + 1} of ${count}`;

/**
 * One list the user can reorder by mouse, touch or keyboard. Each item renders its own row and gets
 * the drag handle to place in it; the position changes are announced to screen readers.
 */
export function SortableGroup<T extends { id: string; title: string }>(props: {
  items: T[];
  label: string;
  onMove: (from: number, to: number) => void;
  renderItem: (item: T, index: number, handle: ReactNode) => ReactNode;
}) {
  const { items } = props;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: stepCoordinates }),
  );
  const indexOf = (id: string | number) => items.findIndex((item) => item.id === id);
  const titleOf = (id: string | number) => items[indexOf(id)]?.title ?? 'The item';
  const count = items.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}. Position ${indexOf(active.id) + 1} of ${count}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} is over position ${indexOf(over.id) + 1} of ${count}.`
        : `${titleOf(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over ? `${movedMessage(titleOf(active.id), indexOf(over.id), count)}.` : `${titleOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Movement cancelled. ${titleOf(active.id)} returned to position ${indexOf(active.id) + 1} of ${count}.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = indexOf(active.id);
    const to = indexOf(over.id);
    if (from >= 0 && to >= 0) props.onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To pick up an item, press Space or Enter. Use the up and down arrow keys to move it, press Space or Enter again to drop it in its new position, or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ul aria-label={props.label} className="space-y-1">
          {items.map((item, index) => (
            <SortableItem key={item.id} id={item.id} title={item.title}>
              {(handle) => props.renderItem(item, index, handle)}
            </SortableItem>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({ id, title, children }: { id: string; title: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Drag ${title}`}
      className="inline-flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded text-gray-500 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-700 active:cursor-grabbing"
    >
      <GripVertical className="size-4" aria-hidden />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-menu-item={title}
      className={isDragging ? 'relative z-10 opacity-90 shadow-lg' : 'relative'}
    >
      {children(handle)}
    </li>
  );
}
