import { useLayoutEditor, type LayoutEditorOptions } from '../hooks/useLayoutEditor';
import { LayoutEditorView } from './LayoutEditorView';

/** One layout of the form builder: its controller (`useLayoutEditor`) shown by its view. */
export const LayoutEditor = (options: LayoutEditorOptions) => {
  const editor = useLayoutEditor(options);
  return <LayoutEditorView editor={editor} />;
};
