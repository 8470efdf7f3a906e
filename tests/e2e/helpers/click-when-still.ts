import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/** What the check below uses of an element (the browser's DOM types are not this file's). */
interface Layer {
  closest(selector: string): Layer | null;
  getAnimations(options: { subtree: boolean }): {
    playState: string;
    effect: { getTiming(): { iterations?: number } } | null;
  }[];
}

/**
 * Clicks `target` (a button of a dialog, pop-confirm or drawer) once the layer around it has
 * finished moving in: on a loaded machine a click during the opening animation can be lost, and
 * the action it asks for is then never sent. Endless animations (a spinner) are not waited for.
 */
export const clickWhenStill = async (target: Locator): Promise<void> => {
  await target.waitFor();
  await expect
    .poll(() =>
      target.evaluate((element) => {
        const node = element as unknown as Layer;
        const layer = node.closest('.ant-modal-root, .ant-popover, .ant-drawer') ?? node;
        return layer
          .getAnimations({ subtree: true })
          .filter(
            (animation) =>
              animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
          ).length;
      }),
    )
    .toBe(0);
  await target.click();
};
