import { select } from 'd3-selection';
import { type ZoomBehavior, zoomTransform } from 'd3-zoom';

/** How far an arrow key pans, in screen pixels, in every zoomable view. */
const PAN_STEP = 80;

/**
 * The keys of a d3-zoom view (the family chart, the media viewer): the arrows pan, + and - zoom by
 * the view's own step, 0 fits. Prevents the default of the keys it used.
 */
export function handleZoomKey<E extends Element>(
  event: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean; preventDefault(): void },
  element: E | null,
  behavior: ZoomBehavior<E, unknown> | null,
  view: { zoomStep: number; fit: () => void },
): void {
  if (!element || !behavior || event.altKey || event.ctrlKey || event.metaKey) return;
  const step = PAN_STEP / zoomTransform(element).k;
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [step, 0],
    ArrowRight: [-step, 0],
    ArrowUp: [0, step],
    ArrowDown: [0, -step],
  };
  const move = moves[event.key];
  const target = select(element);
  if (move) behavior.translateBy(target, move[0], move[1]);
  else if (event.key === '+' || event.key === '=') behavior.scaleBy(target, view.zoomStep);
  else if (event.key === '-') behavior.scaleBy(target, 1 / view.zoomStep);
  else if (event.key === '0') view.fit();
  else return;
  event.preventDefault();
}
