import { describe, expect, it } from 'vitest';
import {
  EDGE_LABEL_FONT_SIZE,
  EDGE_LABEL_MAX_SCALE,
  EDGE_LABEL_MIN_SCREEN_SIZE,
  edgeLabelScale,
} from '../../../src/relations/lib/edge-label-scale';

describe('edgeLabelScale', () => {
  it('keeps a label at its size from zoom 1 on', () => {
    expect(edgeLabelScale(1)).toBe(1);
    expect(edgeLabelScale(2)).toBe(1);
  });

  it('enlarges it when zoomed out, so it reads at the smallest screen size', () => {
    for (const zoom of [0.9, 0.6, 0.4]) {
      expect(EDGE_LABEL_FONT_SIZE * zoom * edgeLabelScale(zoom)).toBeCloseTo(EDGE_LABEL_MIN_SCREEN_SIZE);
    }
  });

  it('stops growing far out, and ignores a zoom that is not one', () => {
    expect(edgeLabelScale(0.05)).toBe(EDGE_LABEL_MAX_SCALE);
    expect(edgeLabelScale(0)).toBe(1);
    expect(edgeLabelScale(Number.NaN)).toBe(1);
  });
});
