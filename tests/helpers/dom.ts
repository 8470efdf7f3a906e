import { waitFor } from '@testing-library/react';

// Plain DOM lookups: testing-library's role and label queries are slow on big antd tables.

const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, '');

/** The first button whose text is `text`, spaces ignored (antd writes 确定 as 确 定). */
export const button = (text: string, scope: ParentNode = document): HTMLButtonElement => {
  const found = [...scope.querySelectorAll('button')].find((b) => squash(b.textContent) === squash(text));
  if (!found) throw new Error(`No button "${text}"`);
  return found;
};

/** The element with this aria-label. */
export const labelled = <T extends Element = HTMLInputElement>(
  label: string,
  scope: ParentNode = document,
): T => {
  const found = scope.querySelector(`[aria-label="${label}"]`);
  if (!found) throw new Error(`No element labelled "${label}"`);
  return found as T;
};

/** The open antd modal whose title is `title`. */
export const dialog = (title: string): Promise<HTMLElement> =>
  waitFor(() => {
    const modal = [...document.querySelectorAll('.ant-modal')].find(
      (m) => m.querySelector('.ant-modal-title')?.textContent === title,
    );
    if (!modal) throw new Error(`No dialog "${title}"`);
    return modal as HTMLElement;
  });

/** Texts of the column headers of the table in `scope`. */
export const headers = (scope: ParentNode = document): string[] =>
  [...scope.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
